import { useState } from 'react';
import { Checkbox, Button } from '@mui/material';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { rc } from '../../domain/messages';
import type { Ticket } from '../../domain/schemas/tickets';

/**
 * The auditor's Flagged checkbox (spec §4): ticking sends PUT /timeTickets/flagTicket/{id}?flaggedBy=
 * his own id, unticking flaggedBy=0. A failed call alerts the message and leaves the flag unchanged.
 */
export function FlagCheckbox({ ticket, auditorId, onChanged }: { ticket: Ticket; auditorId: number; onChanged: () => void }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const notify = useNotify();
  const [flagged, setFlagged] = useState(ticket.flaggedBy.officerId > 0);
  const [busy, setBusy] = useState(false);
  const toggle = async (next: boolean) => {
    setBusy(true);
    try {
      await dataProvider.api('PUT', `/timeTickets/flagTicket/${ticket.hoursWorkedId}`, { query: { flaggedBy: next ? auditorId : 0 } });
      setFlagged(next);
      onChanged();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Checkbox
      checked={flagged}
      disabled={busy}
      onChange={(e) => toggle(e.target.checked)}
      slotProps={{ input: { 'aria-label': `${rc.tickets.fields.flagged} ${ticket.startDate} ${ticket.startTime}` } }}
    />
  );
}

/**
 * Remove (spec §2, §4): asks 'Are you sure you want to delete the following?' with the ticket's
 * description, then DELETE /timeTickets/delete (dummy-first body). The row is struck through, then
 * dropped by the refresh; the delete response is not checked beyond failure.
 */
export function RemoveTicketButton({ ticket, onRemoved }: { ticket: Ticket; onRemoved: (id: number) => void }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    setOpen(false);
    try {
      await dataProvider.delete('timeTickets', { id: ticket.hoursWorkedId, previousData: { ...ticket, id: ticket.hoursWorkedId } });
      onRemoved(ticket.hoursWorkedId);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" color="error" sx={{ minHeight: 40 }} onClick={() => setOpen(true)} aria-label={`${rc.app.remove} ${ticket.startDate} ${ticket.startTime}`}>
        {rc.app.remove}
      </Button>
      <Confirm
        isOpen={open}
        title={rc.app.confirmDelete}
        content={<span style={{ whiteSpace: 'pre-wrap' }}>{ticket.description}</span>}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
