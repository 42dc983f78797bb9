import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useLogin, useLogout, useNotify } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Divider, Typography } from '@mui/material';
import { AuthShell } from '../AuthShell';
import { useFocusAfterPaint } from '../../common/useFocusAfterPaint';
import { format, rc } from '../../domain/messages';
import { completeSecondFactor, LOGIN_PATH } from '../../providers/authProvider';
import { getSessionUser, pendingSecondFactor, setLoginMessage, setSessionUser } from '../../providers/session';
import { errorText, passkeyAssertion, passkeysSupported, verifyCode, type FactorAdded } from './api';
import { CodeField, PasskeyAddForm, RecoveryCodes, TotpSetupPanel } from './SetupParts';

const sf = rc.secondFactor;
const buttonSx = { minHeight: 40, maxWidth: '100%' } as const;

/**
 * Ends the step: stores the server's user (and token), then goes where a normal sign-in goes
 * (completeSecondFactor). A failure there (incomplete profile, last-login update refused) ended
 * the session: its message goes to the Login page.
 */
function useFinish() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (user: FactorAdded['user']) => {
    try {
      const to = await completeSecondFactor(user);
      // identity and access level are read afresh from the stored user
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
      navigate(to, { replace: true });
    } catch (e) {
      setLoginMessage(errorText(e));
      navigate(LOGIN_PATH, { replace: true });
    }
  };
}

/**
 * /TwoFactor (decision 029; public shell like /PasswordChange): the only page of a session whose
 * second factor is pending (RequireUser sends every other address here).
 * - 'required': a Code field (TOTP or recovery code) and Verify (POST /api/twoFactor/verify); a
 *   wrong code shows the server's 'Invalid code!' and stays (it does not sign him out); a right
 *   one lands him as a sign-in would, with the recovery codes left when he used one. 'Use a
 *   passkey instead' (browsers with WebAuthn) signs in afresh with a passkey.
 * - 'enrol': his level must use a second factor: the authenticator app's set-up, or a passkey
 *   registered on this device; the recovery codes made then show once before he goes on.
 * 'Sign out' on both. Nobody signed in goes to /Login; a full session to /.
 */
export function TwoFactorPage() {
  const [stage] = useState(() => pendingSecondFactor(getSessionUser()));
  const [hasUser] = useState(() => getSessionUser() !== null);
  const logout = useLogout();
  if (!hasUser) return <Navigate to={LOGIN_PATH} replace />;
  if (!stage) return <Navigate to="/" replace />;
  const title = stage === 'required' ? sf.verify.title : sf.enrol.title;
  return (
    <AuthShell title={title}>
      {stage === 'required' ? <VerifyStep /> : <EnrolStep />}
      <Divider sx={{ my: 2 }} />
      <Button onClick={() => void logout()} sx={buttonSx}>
        {sf.verify.cancel}
      </Button>
    </AuthShell>
  );
}

function VerifyStep() {
  const notify = useNotify();
  const login = useLogin();
  const finish = useFinish();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  useFocusAfterPaint(codeInput);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(sf.steps.codeRequired);
      codeInput.current?.focus();
      return;
    }
    setBusy('code');
    setError(null);
    try {
      const verified = await verifyCode(code);
      if (typeof verified.recoveryCodesLeft === 'number') {
        notify(format(sf.verify.recoveryUsed, { count: verified.recoveryCodesLeft }), { type: 'warning', autoHideDuration: 10_000 });
      }
      await finish(verified.user);
    } catch (e) {
      setError(errorText(e));
      setBusy(null);
      codeInput.current?.focus();
      codeInput.current?.select();
    }
  };

  const signInWithPasskey = async () => {
    if (busy) return;
    setBusy('passkey');
    setError(null);
    try {
      await login({ passkey: await passkeyAssertion() });
    } catch (e) {
      setError(errorText(e));
      setBusy(null);
    }
  };

  return (
    <>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {sf.verify.intro}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <CodeField id="code" value={code} onChange={setCode} disabled={!!busy} inputRef={codeInput} />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          disabled={!!busy}
          startIcon={busy === 'code' ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
          sx={buttonSx}
        >
          {busy === 'code' ? sf.verify.verifying : sf.verify.submit}
        </Button>
      </Box>
      {passkeysSupported() && (
        <Button
          variant="outlined"
          fullWidth
          onClick={() => void signInWithPasskey()}
          disabled={!!busy}
          startIcon={busy === 'passkey' ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
          sx={{ ...buttonSx, mt: 2 }}
        >
          {sf.verify.usePasskey}
        </Button>
      )}
    </>
  );
}

function EnrolStep() {
  const finish = useFinish();
  const [added, setAdded] = useState<FactorAdded | null>(null);

  const onAdded = (result: FactorAdded) => {
    // the stage has ended on the server: the stored user says so at once (finish stores it too)
    setSessionUser(result.user);
    if (result.recoveryCodes?.length) setAdded(result);
    else void finish(result.user);
  };

  if (added?.recoveryCodes) return <RecoveryCodes codes={added.recoveryCodes} onDone={() => void finish(added.user)} />;
  return (
    <>
      <Alert severity="info" role="status" sx={{ mb: 2 }}>
        {sf.enrol.required}
      </Alert>
      <TotpSetupPanel onAdded={onAdded} />
      {passkeysSupported() && (
        <Box component="section" aria-labelledby="enrol-passkey-heading" sx={{ mt: 3 }}>
          <Typography variant="subtitle1" component="h2" id="enrol-passkey-heading" sx={{ fontWeight: 600, mb: 1 }}>
            {sf.enrol.orPasskey}
          </Typography>
          <PasskeyAddForm idPrefix="enrol" onAdded={onAdded} />
        </Box>
      )}
    </>
  );
}
