import { Box } from '@mui/material';
import { rc } from '../../domain/messages';

/** A report status: the sign-off time, or 'UNREAD' in bold error colour so it stands out on screen and paper. */
export function ReportStatus({ status }: { status: string }) {
  const unread = status === rc.uploads.status.unread;
  return (
    <Box component="span" sx={unread ? { color: 'error.main', fontWeight: 700 } : undefined}>
      {status}
    </Box>
  );
}
