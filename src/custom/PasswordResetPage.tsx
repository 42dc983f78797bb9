import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Form, TextInput, required, useNotify } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Link } from '@mui/material';
import { tapTarget } from '../common/listStyles';
import { AuthShell } from './AuthShell';
import { rc } from '../domain/messages';
import { apiFetch } from '../providers/http';

const pr = rc.auth.passwordReset;

/**
 * /PasswordReset (spec §2, §4, §8; unguarded): a login field ('Required'), Submit and a link to
 * /Login. GET /api/officer/isValidLogin/{login} first (204 -> 'Invalid login!'), then
 * PUT /api/password/reset { login } and the dispatched message (204 -> 'Invalid login!').
 * Any failure shows its status message and goes to /.
 */
export function PasswordResetPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: { login?: string }) => {
    const login = (values.login ?? '').trim();
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
      <Form onSubmit={(values: object) => submit(values as { login?: string })} noValidate>
        <TextInput source="login" label={pr.login} validate={required()} autoComplete="username" autoFocus fullWidth disabled={busy} />
        <Button type="submit" variant="contained" fullWidth disabled={busy} startIcon={busy ? <CircularProgress size={18} /> : null}>
          {pr.submit}
        </Button>
      </Form>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/Login" sx={tapTarget}>
          {pr.toLogin}
        </Link>
      </Box>
    </AuthShell>
  );
}
