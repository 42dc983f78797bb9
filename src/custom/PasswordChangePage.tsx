import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, HttpError, useAuthProvider, useNotify } from 'react-admin';
import { Alert, Box, Button as MuiButton, CircularProgress } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { FormCard, FormToolbar } from '../common/FormLayout';
import { PageHeading } from '../common/PageHeading';
import { AuthShell } from './AuthShell';
import { PasswordChangeFields, type PasswordValues } from './PasswordChangeFields';
import { rc } from '../domain/messages';
import { apiFetch, getToken } from '../providers/http';
import { getSessionUser, hasFullSession, needsPasswordChange } from '../providers/session';

const pc = rc.auth.passwordChange;

/**
 * /PasswordChange (spec §2, §5; unguarded): current, new and verify, each truncated to 12
 * characters as the screen notes. PUT /api/password/update { login, oldPassword, newPassword };
 * on success 'Password updated!', PUT /api/updateLastLoginDate/{officerId}, the session user is
 * refreshed and the user goes to /. A 400 ('Current password incorrect!', the rule) stays on the
 * form; another failure shows its status message and goes to /.
 *
 * A signed-in user with a full session (menu > Change Password) gets it inside the signed-in
 * layout (RollCallLayout): heading, the form card and its save bar with Submit and Back. A
 * session that may only change its password (first sign-in, temporary password, incomplete
 * profile) or no session at all gets the bare page (AuthShell: no menu, no Logout).
 */
export function PasswordChangePage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const authProvider = useAuthProvider();
  const user = getSessionUser();
  const inLayout = hasFullSession(user);
  const askLogin = !user?.login;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const submit = async (values: PasswordValues) => {
    if (sending.current) return;
    sending.current = true;
    const login = (user?.login ?? values.login ?? '').trim();
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
  const onSubmit = (values: object) => submit(values as PasswordValues);
  const fields = <PasswordChangeFields askLogin={askLogin} busy={busy} error={error} />;

  if (inLayout) {
    // Back to where the user came from (home when the page was opened directly). The icon is
    // what react-admin's Button shows on a phone.
    const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'));
    return (
      <Box component="section" sx={{ minWidth: 0 }}>
        <PageHeading>{pc.title}</PageHeading>
        <FormCard>
          <Form onSubmit={onSubmit} noValidate>
            {fields}
            <FormToolbar saveLabel={rc.app.submit}>
              <Button label={rc.app.back} onClick={back} disabled={busy} sx={{ minHeight: 40 }}>
                <ArrowBackIcon />
              </Button>
            </FormToolbar>
          </Form>
        </FormCard>
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
      <Form onSubmit={onSubmit} noValidate>
        {fields}
        <MuiButton type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={18} /> : null}>
          {rc.app.submit}
        </MuiButton>
      </Form>
    </AuthShell>
  );
}
