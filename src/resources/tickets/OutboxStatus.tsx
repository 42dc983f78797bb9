import { Alert, Chip } from '@mui/material';
import { rc } from '../../domain/messages';
import type { OutboxEntry } from '../../domain/offline';

const o = rc.offline.outbox;

/** '{10-41 date} {time}' of an outbox entry: how its buttons and confirmation name it. */
export const outboxWhen = (entry: OutboxEntry) => `${entry.ticket.startDate ?? ''} ${entry.ticket.startTime ?? ''}`.trim();

/** The words of an entry's status: 'Waiting to send', 'Sending…' or 'Not sent'. */
export function statusLabel(entry: OutboxEntry): string {
  return entry.status === 'sending' ? o.sending : entry.status === 'refused' ? o.refused : o.waiting;
}

/** An outbox entry's status as a small label: grey while waiting or sending, red when refused. */
export function OutboxStatusChip({ entry }: { entry: OutboxEntry }) {
  return <Chip size="small" variant="outlined" color={entry.status === 'refused' ? 'error' : 'default'} label={statusLabel(entry)} />;
}

/** A refused entry's server message (e.g. 'You already have existing tickets within this time frame!'), or nothing. */
export function OutboxRefusal({ entry }: { entry: OutboxEntry }) {
  if (entry.status !== 'refused' || !entry.message) return null;
  return (
    <Alert severity="error" sx={{ my: 0.5, py: 0 }}>
      {entry.message}
    </Alert>
  );
}
