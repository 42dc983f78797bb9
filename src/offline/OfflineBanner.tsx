import { Alert } from '@mui/material';
import { rc } from '../domain/messages';
import { useOnline } from './useOnline';

/** A slim line over the page while the browser is offline: what shows may be behind the server, and tickets saved stay on the device. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mt: 1, py: 0 }}>
      {rc.offline.app.offline}
    </Alert>
  );
}
