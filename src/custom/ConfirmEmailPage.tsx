import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { tapTarget } from '../common/listStyles';
import { useFocusAfterPaint } from '../common/useFocusAfterPaint';
import { AuthShell } from './AuthShell';
import { rc } from '../domain/messages';
import { apiFetch } from '../providers/http';

const e = rc.auth.email;

type Result = { severity: 'success' | 'error'; text: string; final: boolean };

/**
 * /ConfirmEmail?token=… (unguarded, like /PasswordReset): the page the link mailed to a new
 * e-mail address opens, often on another device without a session. It says what confirming does
 * and waits for Confirm (a mail scanner that follows the link confirms nothing), then
 * PUT /api/email/confirm {token} and shows the server's message: 'Your e-mail address is
 * confirmed.' or, for 400, 'This confirmation link is invalid, already used or expired. …'. No
 * token in the address is the invalid-link message at once. Another failure (too many attempts,
 * the server unreachable) shows its message and Confirm stays to try again. A link back to
 * /Login throughout. Its own lazily loaded module (src/App.tsx): the sign-in page's first
 * download does not carry it.
 */
export function ConfirmEmailPage() {
  // useLocation rather than useSearchParams: the router's copy of the latter would join the
  // sign-in page's first download, which already holds the router
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const [result, setResult] = useState<Result | null>(token ? null : { severity: 'error', text: e.invalidLink, final: true });
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLAnchorElement>(null);
  useFocusAfterPaint(token ? button : back);
  const asked = useRef(false);
  const done = !!result?.final;

  // Confirm is disabled while it waits, which drops keyboard focus: afterwards it goes back to
  // Confirm to try again, or on to the way out once Confirm is gone, rather than the page's start
  useEffect(() => {
    if (!asked.current || busy || document.activeElement !== document.body) return;
    (done ? back : button).current?.focus();
  }, [busy, done]);

  const confirm = async () => {
    if (busy || done) return;
    asked.current = true;
    setBusy(true);
    setResult(null);
    try {
      const { json } = await apiFetch<{ message?: string } | null>('PUT', '/email/confirm', { body: { token } });
      setResult({ severity: 'success', text: json?.message || e.confirmed, final: true });
    } catch (error) {
      const status = (error as { status?: number }).status;
      setResult({ severity: 'error', text: error instanceof Error ? error.message : String(error), final: status === 400 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={e.confirmTitle}>
      {result && (
        <Alert severity={result.severity} sx={{ mb: 2 }} role={result.severity === 'error' ? 'alert' : 'status'}>
          {result.text}
        </Alert>
      )}
      {!done && (
        <>
          <Typography sx={{ mb: 2 }}>{e.confirmIntro}</Typography>
          <Button
            ref={button}
            variant="contained"
            fullWidth
            onClick={confirm}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} /> : null}
          >
            {e.confirmButton}
          </Button>
        </>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link ref={back} component={RouterLink} to="/Login" sx={tapTarget}>
          {rc.auth.passwordReset.toLogin}
        </Link>
      </Box>
    </AuthShell>
  );
}
