import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { tapTarget } from '../common/listStyles';
import { AuthShell } from './AuthShell';
import { PasswordField } from './PasswordField';
import { format, rc } from '../domain/messages';
import { truncatePassword, validateNewPassword } from '../domain/password';
import { apiFetch } from '../providers/http';

const ps = rc.auth.passwordSetup;
const pc = rc.auth.passwordChange;

type Field = 'newPassword' | 'verifyPassword';

/** The message under each field on Set Password: 'Required', the spec §5 rule, 'Passwords do not match!'. */
function fieldErrors(newPassword: string, verifyPassword: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!newPassword) errors.newPassword = rc.validation.required;
  else if (validateNewPassword(newPassword)) errors.newPassword = pc.rule;
  if (!verifyPassword) errors.verifyPassword = rc.validation.required;
  else if (!errors.newPassword && validateNewPassword(newPassword, verifyPassword) === pc.mismatch) errors.verifyPassword = pc.mismatch;
  return errors;
}

type LinkState = { state: 'checking' } | { state: 'valid'; login: string } | { state: 'invalid'; text: string };

/**
 * /SetPassword?token=… (unguarded, like /ConfirmEmail): the page the link mailed to an imported
 * officer opens, who has no password yet. GET /api/password/set?token= says whose link it is
 * ('Choose the password for Roll Call login …'); an unknown, used or expired link (400), or none
 * in the address, shows 'This link to set a password is invalid, …' and no form. The new
 * password and its verification are checked here by the spec §5 rule (8-12 alphanumerics
 * starting with a letter, truncated to 12 as typed) before PUT /api/password/set {token,
 * newPassword, verifyPassword}; success shows the server's message and the way to sign in, a
 * refusal its message. Its own lazily loaded module (src/App.tsx).
 */
export function SetPasswordPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const [link, setLink] = useState<LinkState>(token ? { state: 'checking' } : { state: 'invalid', text: ps.invalidLink });
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: '', verifyPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const newInput = useRef<HTMLInputElement>(null);
  const verifyInput = useRef<HTMLInputElement>(null);
  const signIn = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    apiFetch<{ login: string }>('GET', '/password/set', { query: { token } })
      .then(({ json }) => current && setLink({ state: 'valid', login: json.login }))
      .catch((e: unknown) => {
        if (!current) return;
        const status = (e as { status?: number }).status;
        setLink({ state: 'invalid', text: status === 400 || !(e instanceof Error) ? ps.invalidLink : e.message });
      });
    return () => {
      current = false;
    };
  }, [token]);

  // once the link is known: the new password's field, or the way out when there is no form;
  // after success, the way to sign in (focus the user put elsewhere stays there)
  useEffect(() => {
    if (link.state === 'checking') return;
    const target = link.state === 'valid' && !done ? newInput : signIn;
    if (done || !document.activeElement || document.activeElement === document.body) target.current?.focus();
  }, [link.state, done]);

  const errors = submitted ? fieldErrors(values.newPassword, values.verifyPassword) : {};
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || link.state !== 'valid') return;
    setSubmitted(true);
    const found = fieldErrors(values.newPassword, values.verifyPassword);
    if (found.newPassword) return newInput.current?.focus();
    if (found.verifyPassword) return verifyInput.current?.focus();
    setBusy(true);
    setError(null);
    try {
      const { json } = await apiFetch<{ message?: string } | null>('PUT', '/password/set', { body: { token, ...values } });
      setDone(json?.message || ps.done);
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 400 && e instanceof Error && e.message === ps.invalidLink) setLink({ state: 'invalid', text: ps.invalidLink });
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, inputRef: typeof newInput) => (
    <PasswordField
      id={name}
      name={name}
      label={label}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: truncatePassword(e.target.value) }))}
      inputRef={inputRef}
      required
      error={!!errors[name]}
      helperText={errors[name] ?? ' '}
      autoComplete="new-password"
      fullWidth
      disabled={busy}
      describedBy={name === 'newPassword' ? 'set-password-note' : undefined}
    />
  );

  return (
    <AuthShell title={ps.title}>
      {link.state === 'checking' && (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
          <CircularProgress size={24} aria-label={rc.auth.passwordSetup.title} />
        </Box>
      )}
      {link.state === 'invalid' && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {link.text}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      {link.state === 'valid' && !done && (
        <Box component="form" onSubmit={submit} noValidate>
          <Typography sx={{ mb: 1 }}>{format(ps.intro, { login: link.login })}</Typography>
          <Typography variant="body2" sx={{ mb: 2 }} id="set-password-note">
            {pc.note}
          </Typography>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {field('newPassword', pc.newPassword, newInput)}
          {field('verifyPassword', pc.verify, verifyInput)}
          <Button type="submit" variant="contained" fullWidth disabled={busy} startIcon={busy ? <CircularProgress size={18} /> : null}>
            {ps.button}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link ref={signIn} component={RouterLink} to="/Login" sx={tapTarget}>
          {done ? rc.auth.login.submit : rc.auth.passwordReset.toLogin}
        </Link>
      </Box>
    </AuthShell>
  );
}
