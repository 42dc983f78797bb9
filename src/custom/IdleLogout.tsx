import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogout } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { IDLE_CHECK_SECONDS, IDLE_TIMEOUT_MINUTES, IDLE_WARNING_SECONDS } from '../domain/constants';
import { format, rc } from '../domain/messages';
import { apiFetch } from '../providers/http';
import type { LogoutParams } from '../providers/authProvider';

/** What counts as activity (spec §4): click, keypress, scroll, mouse move. */
const ACTIVITY_EVENTS = ['click', 'keydown', 'keypress', 'scroll', 'mousemove', 'touchstart'] as const;
/** While the user is active, GET /api/session at most this often so the server session stays alive. */
const KEEPALIVE_MS = 5 * 60_000;

export interface IdleLogoutProps {
  timeoutMs?: number;
  warningMs?: number;
  checkMs?: number;
}

function pingSession(): void {
  apiFetch('GET', '/session').catch(() => {
    // a dead session shows up on the next data call, which logs out
  });
}

/**
 * Inactivity logout (spec §4): after 15 minutes without click, keypress, scroll or mouse move,
 * checked every 5 seconds, the user is logged out, the token cleared and /Login shows
 * 'You have been logged out after 15 minutes of inactivity.'. A minute before, a dialog warns
 * and offers 'Stay signed in' (which also pings GET /api/session).
 */
export function IdleLogout({
  timeoutMs = IDLE_TIMEOUT_MINUTES * 60_000,
  warningMs = IDLE_WARNING_SECONDS * 1000,
  checkMs = IDLE_CHECK_SECONDS * 1000,
}: IdleLogoutProps) {
  const logout = useLogout();
  const lastActivity = useRef(Date.now());
  const lastPing = useRef(Date.now());
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const warned = useRef(false);

  const stay = useCallback(() => {
    lastActivity.current = Date.now();
    lastPing.current = Date.now();
    warned.current = false;
    setSecondsLeft(null);
    pingSession();
  }, []);

  useEffect(() => {
    const mark = () => {
      lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, mark, { capture: true, passive: true });
    const timer = setInterval(() => {
      const now = Date.now();
      const idle = now - lastActivity.current;
      if (idle >= timeoutMs) {
        clearInterval(timer);
        setSecondsLeft(null);
        const params: LogoutParams = { reason: rc.errors.inactivity };
        logout(params);
        return;
      }
      if (idle >= timeoutMs - warningMs) {
        warned.current = true;
        setSecondsLeft(Math.ceil((timeoutMs - idle) / 1000));
        return;
      }
      if (warned.current) {
        // active again after the warning: keep the server session too
        warned.current = false;
        setSecondsLeft(null);
        lastPing.current = now;
        pingSession();
      } else if (lastActivity.current > lastPing.current && now - lastPing.current >= KEEPALIVE_MS) {
        lastPing.current = now;
        pingSession();
      }
    }, checkMs);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, mark, { capture: true });
    };
  }, [timeoutMs, warningMs, checkMs, logout]);

  return (
    <Dialog open={secondsLeft !== null} onClose={stay} aria-labelledby="idle-warning-title" aria-describedby="idle-warning-text">
      <DialogTitle id="idle-warning-title">{rc.auth.idle.warningTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-warning-text">
          {format(rc.auth.idle.warning, { seconds: secondsLeft ?? 0 })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={stay} variant="contained" autoFocus>
          {rc.auth.idle.stay}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
