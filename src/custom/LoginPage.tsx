import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { Form, PasswordInput, TextInput, required, useLogin } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Link } from '@mui/material';
import { tapTarget } from '../common/listStyles';
import { AuthShell } from './AuthShell';
import { rc } from '../domain/messages';
import { clearLoginMessage, peekLoginMessage } from '../providers/session';

interface LoginValues {
  username: string;
  password: string;
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return rc.errors.invalidCredentials;
}

/**
 * The fields are disabled while signing in, which drops keyboard focus; after a failure it goes
 * back to the password, so a keyboard user can retype it at once.
 */
function RefocusPassword({ error, busy }: { error: string | null; busy: boolean }) {
  const { setFocus } = useFormContext();
  useEffect(() => {
    if (error && !busy) setFocus('password', { shouldSelect: true });
  }, [error, busy, setFocus]);
  return null;
}

/**
 * /Login (spec §2, §5): login and password (both 'Required') and a link to /PasswordReset.
 * The authProvider decides where a successful sign-in goes (spec §2 login flow); failures show
 * once, in the inline alert (no snackbar as well) ('Invalid credentials!', 'Invalid login credentials!', the incomplete-profile alert, …).
 * A one-time notice left by logout (the inactivity message) shows on arrival.
 */
export function LoginPage() {
  const login = useLogin();
  const [notice] = useState<string | null>(() => peekLoginMessage());
  useEffect(() => clearLoginMessage(), []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Partial<LoginValues>) => {
    setBusy(true);
    setError(null);
    try {
      await login({ username: (values.username ?? '').trim(), password: values.password ?? '' });
    } catch (e) {
      const message = errorText(e);
      setError(message);
      setBusy(false);
    }
  };

  return (
    <AuthShell title={rc.auth.login.title}>
      {notice && (
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Form onSubmit={(values: object) => submit(values as Partial<LoginValues>)} noValidate>
        <TextInput
          source="username"
          label={rc.auth.login.login}
          validate={required()}
          autoComplete="username"
          autoFocus
          fullWidth
          disabled={busy}
        />
        <PasswordInput
          source="password"
          label={rc.auth.login.password}
          validate={required()}
          autoComplete="current-password"
          fullWidth
          disabled={busy}
        />
        <RefocusPassword error={error} busy={busy} />
        <Button type="submit" variant="contained" fullWidth disabled={busy} startIcon={busy ? <CircularProgress size={18} /> : null}>
          {rc.auth.login.submit}
        </Button>
      </Form>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/PasswordReset" sx={tapTarget}>
          {rc.auth.login.forgot}
        </Link>
      </Box>
    </AuthShell>
  );
}
