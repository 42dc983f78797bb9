import type { OutboxEntry } from '../../domain/offline';

/** The query parameter of /TimeTicketEdit that opens an outbox entry: its idempotency key. */
export const OUTBOX_PARAM = 'outboxKey';

/**
 * An outbox entry's ticket as the ticket form's record: the insert body it is, with the form's
 * 'nothing chosen' values (no precinct: '', no event: 0, no audit comments: '').
 */
export function outboxFormValues(entry: OutboxEntry) {
  const t = entry.ticket;
  return {
    ...t,
    officer: { officerId: t.officer?.officerId ?? entry.officerId },
    assignmentType: { assignmentTypeId: t.assignmentType?.assignmentTypeId ?? 0 },
    precinct: { precinctId: t.precinct?.precinctId || '' },
    event: { eventId: t.event?.eventId ?? 0 },
    auditComments: t.auditComments ?? '',
  };
}

/** The address of the form of `entry`, keeping the list's query `search` ('?officerId=7…' or '') for the way back. */
export function outboxEditPath(entry: OutboxEntry, search: string): string {
  const params = new URLSearchParams(search);
  params.set(OUTBOX_PARAM, entry.key);
  return `/TimeTicketEdit?${params.toString().replace(/%2F/g, '/')}`;
}
