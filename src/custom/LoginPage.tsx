import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLogin, useNotify } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Link } from '@mui/material';
import { tapTarget } from '../common/listStyles';
import { AuthShell } from './AuthShell';
import { OpenField } from './OpenField';
import { PasswordField } from './PasswordField';
import { rc } from '../domain/messages';
import { clearLoginMessage, peekLoginMessage } from '../providers/session';
import { prefetchSignedInCode } from './signedInModule';
import { useFocusAfterPaint } from '../common/useFocusAfterPaint';
import { passkeyAssertion, passkeysSupported } from './twoFactor/api';

interface LoginValues {
  username: string;
  password: string;
}

const FIELDS = ['username', 'password'] as const;

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return rc.errors.invalidCredentials;
}

/**
 * /Login (spec §2, §5): login and password (both 'Required') and a link to /PasswordReset.
 * The authProvider decides where a successful sign-in goes (spec §2 login flow); failures show
 * once, in the inline alert (no snackbar as well) ('Invalid credentials!', 'Invalid login credentials!', the incomplete-profile alert, …).
 * A one-time notice left by logout (the inactivity message) shows on arrival.
 *
 * A plain form of two MUI fields rather than react-admin's <Form> (the first page
 * loads little; react-hook-form and react-admin's inputs come with the pages that need them). It
 * behaves as react-admin's form did: a field left empty says 'Required' once Sign in was
 * pressed (and again whenever it is emptied), with the invalid-form toast and focus on the first
 * empty field; the password has react-admin's Show/Hide password button. The fields are disabled
 * while signing in, and the button reads 'Signing in…' beside a spinner until the signed-in frame
 * takes over (it then shows its own progress, FirstPageProgress); after a failure focus goes back
 * to the password, selected, so a keyboard user can retype it at once. The first keystroke starts downloading the pages after sign-in.
 *
 * 'Sign in with a passkey' (browsers with WebAuthn): the browser's passkey prompt, then the same
 * sign-in (authProvider.login({ passkey })); the WebAuthn library is fetched on that click only. A
 * cancelled prompt shows 'The passkey could not be used…' in the same alert.
 */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [notice] = useState<string | null>(() => peekLoginMessage());
  useEffect(() => clearLoginMessage(), []);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const passwordInput = inputs.password;
  useFocusAfterPaint(inputs.username);

  useEffect(() => {
    if (error && !busy) {
      passwordInput.current?.focus();
      passwordInput.current?.select();
    }
  }, [error, busy, passwordInput]);

  const missing = (field: keyof LoginValues) => submitted && values[field] === '';
  const fieldProps = (field: keyof LoginValues) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      prefetchSignedInCode();
      setValues((v) => ({ ...v, [field]: event.target.value }));
    },
    inputRef: inputs[field],
    required: true,
    error: missing(field),
    helperText: missing(field) ? rc.validation.required : ' ',
    fullWidth: true,
    disabled: busy,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const empty = FIELDS.find((field) => values[field] === '');
    if (empty) {
      notify('ra.message.invalid_form', { type: 'error' });
      inputs[empty].current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login({ username: values.username.trim(), password: values.password });
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  // a passkey is both factors: the browser's prompt, then the same sign-in as the password's
  const signInWithPasskey = async () => {
    if (busy) return;
    setBusy(true);
    setPasskeyBusy(true);
    setError(null);
    prefetchSignedInCode();
    try {
      await login({ passkey: await passkeyAssertion() });
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
      setPasskeyBusy(false);
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
      <Box component="form" onSubmit={submit} noValidate>
        <OpenField {...fieldProps('username')} label={rc.auth.login.login} autoComplete="username" />
        <PasswordField {...fieldProps('password')} label={rc.auth.login.password} autoComplete="current-password" />
        <Button type="submit" variant="contained" fullWidth disabled={busy} startIcon={busy && !passkeyBusy ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}>
          {busy && !passkeyBusy ? rc.auth.login.signingIn : rc.auth.login.submit}
        </Button>
      </Box>
      {passkeysSupported() && (
        <Button
          variant="outlined"
          fullWidth
          disabled={busy}
          onClick={() => void signInWithPasskey()}
          startIcon={passkeyBusy ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
          sx={{ mt: 2, minHeight: 40 }}
        >
          {passkeyBusy ? rc.auth.login.signingIn : rc.secondFactor.login.passkey}
        </Button>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/PasswordReset" sx={tapTarget}>
          {rc.auth.login.forgot}
        </Link>
      </Box>
    </AuthShell>
  );
}
