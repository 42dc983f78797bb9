import { Suspense, lazy, useState } from 'react';
import { Checkbox } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { refreshQueueCount } from '../auditQueue/queueCount';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { format, rc } from '../../domain/messages';
import type { Ticket } from '../../domain/schemas/tickets';
import { ChunkErrorBoundary, ChunkLoadError } from '../../common/ChunkErrorBoundary';
import { loadChunk } from '../../common/chunkLoad';

/**
 * The reason dialog, fetched the first time an auditor ticks a box: it validates with the shared
 * zod schemas, which the list itself does not need (the list every officer lands on
 * loads no schema code).
 */
const FlagDialog = lazy(() =>
  loadChunk(() => import('./FlagDialog')).then(
    (m) => ({ default: m.FlagDialog }),
    (cause: unknown) => {
      throw new ChunkLoadError(cause);
    },
  ),
);

/**
 * The auditor's Flagged checkbox (spec §4 ticket flag, §8). Ticking asks the reason (FlagDialog),
 * then sends PUT /timeTickets/flagTicket/{id}?flaggedBy={his own id} with { auditComments };
 * cancelling leaves the box unticked. Unticking asks nothing and sends flaggedBy=0 with no body.
 * A failed call alerts the server's message and leaves the flag unchanged. `onChanged` runs after
 * each change the server accepted (the list reloads the ticket and its totals).
 */
export function FlagCheckbox({ ticket, auditorId, onChanged }: { ticket: Ticket; auditorId: number; onChanged: () => void }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [flagged, setFlagged] = useState(ticket.flaggedBy.officerId > 0);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const when = `${ticket.startDate} ${ticket.startTime}`;
  const send = async (next: boolean, auditComments?: string) => {
    setBusy(true);
    try {
      await dataProvider.api('PUT', `/timeTickets/flagTicket/${ticket.hoursWorkedId}`, {
        query: { flaggedBy: next ? auditorId : 0 },
        ...(auditComments === undefined ? {} : { body: { auditComments } }),
      });
      setFlagged(next);
      setAsking(false);
      // a flag decides the ticket's review too: the menu's count waiting changes
      refreshQueueCount(queryClient);
      onChanged();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Checkbox
        checked={flagged}
        disabled={busy}
        onChange={(e) => (e.target.checked ? setAsking(true) : send(false))}
        slotProps={{ input: { 'aria-label': `${rc.tickets.fields.flagged} ${when}` } }}
      />
      {asking && (
        <ChunkErrorBoundary>
          <Suspense fallback={null}>
            <FlagDialog
              title={format(rc.tickets.flagDialogTitle, { when })}
              initial={ticket.auditComments}
              busy={busy}
              onFlag={(text) => send(true, text)}
              onCancel={() => setAsking(false)}
            />
          </Suspense>
        </ChunkErrorBoundary>
      )}
    </>
  );
}
