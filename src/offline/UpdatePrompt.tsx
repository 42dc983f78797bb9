import { useState, useSyncExternalStore } from 'react';
import { Alert, Button, Snackbar } from '@mui/material';
import { rc } from '../domain/messages';
import { applyUpdate, isUpdateWaiting, onUpdateWaiting } from './updateState';

const t = rc.offline.app;

/**
 * 'A new version is available' with Reload, at the bottom of every signed-in page while a new
 * deploy's service worker waits: the officer chooses the moment (a ticket half typed is never
 * lost to an automatic reload). Reload activates the new worker and reloads the page once.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateWaiting, isUpdateWaiting, () => false);
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar open={waiting} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        action={
          <Button
            color="inherit"
            size="small"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              applyUpdate();
            }}
            sx={{ minHeight: 40 }}
          >
            {t.reload}
          </Button>
        }
      >
        {t.updateAvailable}
      </Alert>
    </Snackbar>
  );
}
