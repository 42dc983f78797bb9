import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { rc } from '../domain/messages';
import { clearOutbox, listOutbox } from './outbox';

const o = rc.offline.outbox;

/**
 * The explicit logout (the header's Logout): with tickets of his still on this device, first a
 * question (rc.offline.outbox.logoutTitle/logoutBody): 'Keep for my next sign-in' logs out and
 * keeps them (they are sent after his next sign-in on this device), 'Discard and log out' removes
 * them first. Escape or a click beside the dialog cancels: he stays signed in. Without such
 * tickets (or when the outbox cannot be read) it logs out at once. The inactivity logout never
 * asks: it keeps them. Returns `logout` for the button and the `dialog` to render beside it.
 */
export function useLogoutQuestion(officerId: number | undefined): { logout: () => void; dialog: ReactNode } {
  const raLogout = useLogout();
  const translate = useTranslate();
  const [count, setCount] = useState(0);
  const logout = () => {
    if (!officerId) return void raLogout();
    listOutbox(officerId)
      .catch(() => [])
      .then((entries) => (entries.length ? setCount(entries.length) : raLogout()));
  };
  const keep = () => {
    setCount(0);
    void raLogout();
  };
  const discardAll = async () => {
    setCount(0);
    if (officerId) await clearOutbox(officerId).catch(() => undefined);
    void raLogout();
  };
  const dialog = (
    <Dialog open={count > 0} onClose={() => setCount(0)} aria-labelledby="logout-question-title" aria-describedby="logout-question-text">
      <DialogTitle id="logout-question-title">{o.logoutTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="logout-question-text">{translate('rc.offline.outbox.logoutBody', { smart_count: count })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void discardAll()} color="error">
          {o.discardAll}
        </Button>
        <Button onClick={keep} variant="contained" autoFocus>
          {o.keep}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { logout, dialog };
}
