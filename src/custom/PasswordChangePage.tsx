import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Form, HttpError, PasswordInput, TextInput, required, useAuthProvider, useNotify } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { AuthShell } from './AuthShell';
import { rc } from '../domain/messages';
import { truncatePassword, validateNewPassword } from '../domain/password';
import { apiFetch, getToken } from '../providers/http';
import { getSessionUser, needsPasswordChange } from '../providers/session';

interface PasswordValues {
  login?: string;
  oldPassword?: string;
  newPassword?: string;
  verifyPassword?: string;
}

const pc = rc.auth.passwordChange;

/** New password rule (spec §5): 8-12 alphanumerics starting with a letter. */
export const newPasswordRule = (value: unknown) => validateNewPassword(String(value ?? '')) ?? undefined;
/** Verify must equal the new password: 'Passwords do not match!'. */
export const verifyPasswordRule = (value: unknown, all: PasswordValues) =>
  validateNewPassword(all.newPassword ?? '', String(value ?? '')) === pc.mismatch ? pc.mismatch : undefined;

/**
 * /PasswordChange (spec §2, §5; unguarded): current, new and verify, each truncated to 12
 * characters as the screen notes. PUT /api/password/update { login, oldPassword, newPassword };
 * on success 'Password updated!', PUT /api/updateLastLoginDate/{officerId}, the session user is
 * refreshed and the user goes to /. A 400 ('Current password incorrect!', the rule) stays on the
 * form; another failure shows its status message and goes to /.
 */
export function PasswordChangePage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const authProvider = useAuthProvider();
  const user = getSessionUser();
  const knownLogin = user?.login;
  const forced = needsPasswordChange(user);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordValues) => {
    const login = (knownLogin ?? values.login ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const { json } = await apiFetch<{ message?: string } | null>('PUT', '/password/update', {
        body: { login, oldPassword: values.oldPassword ?? '', newPassword: values.newPassword ?? '' },
      });
      notify(json?.message || pc.updated, { type: 'success' });
      if (user && getToken()) {
        await apiFetch('PUT', `/updateLastLoginDate/${user.officerId}`).catch(() => undefined);
        await authProvider?.checkAuth({}).catch(() => undefined);
      }
      navigate('/');
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setBusy(false);
      if (e instanceof HttpError && e.status === 400) {
        setError(message);
        return;
      }
      notify(message, { type: 'error' });
      navigate('/');
    }
  };

  return (
    <AuthShell title={pc.title}>
      {forced && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {pc.forced}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 2 }} id="password-note">
        {pc.note}
      </Typography>
      <Form onSubmit={(values: object) => submit(values as PasswordValues)} noValidate>
        {!knownLogin && (
          <TextInput source="login" label={rc.auth.login.login} validate={required()} autoComplete="username" fullWidth disabled={busy} />
        )}
        <PasswordInput
          source="oldPassword"
          label={pc.current}
          validate={required()}
          parse={truncatePassword}
          autoComplete="current-password"
          fullWidth
          disabled={busy}
        />
        <PasswordInput
          source="newPassword"
          label={pc.newPassword}
          validate={[required(), newPasswordRule]}
          parse={truncatePassword}
          autoComplete="new-password"
          inputProps={{ 'aria-describedby': 'password-note' }}
          fullWidth
          disabled={busy}
        />
        <PasswordInput
          source="verifyPassword"
          label={pc.verify}
          validate={[required(), verifyPasswordRule]}
          parse={truncatePassword}
          autoComplete="new-password"
          fullWidth
          disabled={busy}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={18} /> : null}>
            {rc.app.submit}
          </Button>
          {user && !forced && (
            <Button variant="outlined" onClick={() => navigate(-1)} disabled={busy}>
              {rc.app.cancel}
            </Button>
          )}
        </Box>
      </Form>
    </AuthShell>
  );
}
