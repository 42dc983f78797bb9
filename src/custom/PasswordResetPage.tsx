import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Link } from '@mui/material';
import { tapTarget } from '../common/listStyles';
import { useFocusAfterPaint } from '../common/useFocusAfterPaint';
import { AuthShell } from './AuthShell';
import { OpenField } from './OpenField';
import { rc } from '../domain/messages';
import { apiFetch } from '../providers/http';

const pr = rc.auth.passwordReset;

/**
 * /PasswordReset (spec §2, §4, §8; unguarded): a login field ('Required'), Submit and a link to
 * /Login. GET /api/officer/isValidLogin/{login} first (204 -> 'Invalid login!'), then
 * PUT /api/password/reset { login } and the dispatched message (204 -> 'Invalid login!').
 * Any failure shows its status message and goes to /.
 *
 * A plain MUI form like /Login (the pages open without a session are part of the first
 * download and bring no form machinery): Submit with the field empty says 'Required' under it,
 * with the invalid-form toast and focus on the field, as react-admin's form did.
 */
export function PasswordResetPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useFocusAfterPaint(input);
  const missing = submitted && value.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const login = value.trim();
    if (!login) {
      notify('ra.message.invalid_form', { type: 'error' });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const check = await apiFetch('GET', `/officer/isValidLogin/${encodeURIComponent(login)}`);
      if (check.status === 204) {
        setResult({ severity: 'error', text: pr.invalidLogin });
        return;
      }
      const reset = await apiFetch<{ message?: string } | null>('PUT', '/password/reset', { body: { login } });
      if (reset.status === 204) {
        setResult({ severity: 'error', text: pr.invalidLogin });
        return;
      }
      setResult({ severity: 'success', text: reset.json?.message || pr.dispatched });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      navigate('/');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={pr.title}>
      {result && (
        <Alert severity={result.severity} sx={{ mb: 2 }} role={result.severity === 'error' ? 'alert' : 'status'}>
          {result.text}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <OpenField
          id="login"
          name="login"
          label={pr.login}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputRef={input}
          required
          error={missing}
          helperText={missing ? rc.validation.required : ' '}
          autoComplete="username"
          fullWidth
          disabled={busy}
        />
        <Button type="submit" variant="contained" fullWidth disabled={busy} startIcon={busy ? <CircularProgress size={18} /> : null}>
          {pr.submit}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/Login" sx={tapTarget}>
          {pr.toLogin}
        </Link>
      </Box>
    </AuthShell>
  );
}
