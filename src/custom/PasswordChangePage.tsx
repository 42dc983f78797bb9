import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { HttpError, useAuthProvider, useNotify } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Toolbar } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { formCardSx, saveBarSx } from '../common/formStyles';
import { PageHeading } from '../common/PageHeading';
import { AuthShell } from './AuthShell';
import { PasswordChangeFields, passwordErrors, passwordFieldsOf, type PasswordFieldName, type PasswordValues } from './PasswordChangeFields';
import { rc } from '../domain/messages';
import { apiFetch, getToken } from '../providers/http';
import { getSessionUser, hasFullSession, needsPasswordChange, pendingSecondFactor } from '../providers/session';
import { TWO_FACTOR_PATH } from '../providers/authProvider';

const pc = rc.auth.passwordChange;

/**
 * /PasswordChange (spec §2, §5; unguarded): current, new and verify, each truncated to 12
 * characters as the screen notes. PUT /api/password/update { login, oldPassword, newPassword };
 * on success 'Password updated!', PUT /api/updateLastLoginDate/{officerId}, the session user is
 * refreshed and the user goes to /. A 400 ('Current password incorrect!', the rule) stays on the
 * form as a banner until the next Submit; another failure shows its status message and goes to /.
 *
 * A signed-in user with a full session (menu > Change Password) gets it inside the signed-in
 * layout (RollCallLayout): heading, the form card and its save bar with Submit and Back. A
 * session that may only change its password (first sign-in, temporary password, incomplete
 * profile) or no session at all gets the bare page (AuthShell: no menu, no Logout).
 *
 * Plain MUI fields, part of the first download with /Login and /PasswordReset (a
 * first sign-in with a temporary password lands here and loads no form machinery). It checks
 * as react-admin's form did: on Submit every message shows under its field, with the invalid-form
 * toast and focus on the first field in error, and the messages follow the typing after that.
 */
export function PasswordChangePage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const authProvider = useAuthProvider();
  const user = getSessionUser();
  const inLayout = hasFullSession(user);
  const askLogin = !user?.login;
  const [values, setValues] = useState<PasswordValues>({ login: '', oldPassword: '', newPassword: '', verifyPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const inputs = {
    login: useRef<HTMLInputElement>(null),
    oldPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    verifyPassword: useRef<HTMLInputElement>(null),
  };
  const errors = submitted ? passwordErrors(values, askLogin) : {};

  const send = async () => {
    sending.current = true;
    const login = (user?.login ?? values.login).trim();
    setBusy(true);
    try {
      const { json } = await apiFetch<{ message?: string } | null>('PUT', '/password/update', {
        body: { login, oldPassword: values.oldPassword, newPassword: values.newPassword },
      });
      notify(json?.message || pc.updated, { type: 'success' });
      if (user && getToken()) {
        await apiFetch('PUT', `/updateLastLoginDate/${user.officerId}`).catch(() => undefined);
        await authProvider?.checkAuth({}).catch(() => undefined);
      }
      navigate('/');
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      sending.current = false;
      setBusy(false);
      if (e instanceof HttpError && e.status === 400) {
        setError(message);
        return;
      }
      notify(message, { type: 'error' });
      navigate('/');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    // A new attempt: the last refusal no longer applies, whether this one is refused by the
    // form's own checks or goes to the server.
    setError(null);
    setSubmitted(true);
    const found = passwordErrors(values, askLogin);
    const first = passwordFieldsOf(askLogin).find((field) => found[field]);
    if (first) {
      notify('ra.message.invalid_form', { type: 'error' });
      inputs[first].current?.focus();
      return;
    }
    void send();
  };
  const onChange = (field: PasswordFieldName, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const fields = <PasswordChangeFields values={values} onChange={onChange} errors={errors} inputs={inputs} askLogin={askLogin} busy={busy} error={error} />;
  const submitIcon = busy ? <CircularProgress size={18} /> : <SaveIcon />;

  // the second factor comes first: the server refuses the password change until it is given
  if (pendingSecondFactor(user)) return <Navigate to={TWO_FACTOR_PATH} replace />;

  if (inLayout) {
    // Back to where the user came from (home when the page was opened directly)
    const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'));
    return (
      <Box component="section" sx={{ minWidth: 0 }}>
        <PageHeading>{pc.title}</PageHeading>
        <Card sx={formCardSx}>
          <Box component="form" onSubmit={submit} noValidate>
            <CardContent>{fields}</CardContent>
            <Toolbar sx={saveBarSx}>
              <Button type="submit" variant="contained" disabled={busy} startIcon={submitIcon} sx={{ minHeight: 40 }}>
                {rc.app.submit}
              </Button>
              <Button onClick={back} disabled={busy} startIcon={<ArrowBackIcon />} sx={{ minHeight: 40 }}>
                {rc.app.back}
              </Button>
            </Toolbar>
          </Box>
        </Card>
      </Box>
    );
  }
  return (
    <AuthShell title={pc.title}>
      {needsPasswordChange(user) && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {pc.forced}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        {fields}
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={18} /> : null}>
          {rc.app.submit}
        </Button>
      </Box>
    </AuthShell>
  );
}
