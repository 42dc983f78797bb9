import { Typography, type TypographyProps } from '@mui/material';
import { useAppConfig } from '../providers/appConfig';
import { fromInstant } from '../domain/dates';
import { format, rc } from '../domain/messages';
import { useOnline } from './useOnline';

export interface FetchedAtProps {
  /** react-query's `dataUpdatedAt` of what the page shows: milliseconds since 1970, 0 when never fetched. */
  dataUpdatedAt: number;
  sx?: TypographyProps['sx'];
}

/**
 * While the browser is offline, says when the data shown was fetched: 'Offline: as fetched
 * 11/28/2026 09:30' (MM/DD/YYYY HH:mm in the organisation's time zone), so an officer knows a
 * list restored on the device may be behind the server. Online, or with nothing fetched, nothing.
 */
export function FetchedAt({ dataUpdatedAt, sx }: FetchedAtProps) {
  const online = useOnline();
  const { orgTimezone } = useAppConfig();
  if (online || !dataUpdatedAt) return null;
  const { date, time } = fromInstant(new Date(dataUpdatedAt), orgTimezone);
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={sx}>
      {format(rc.offline.app.fetchedAt, { when: `${date} ${time}` })}
    </Typography>
  );
}
