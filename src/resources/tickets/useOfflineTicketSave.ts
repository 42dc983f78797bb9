import { useNavigate } from 'react-router-dom';
import { HttpError, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import type { OutboxEntry } from '../../domain/offline';
import type { TicketInput } from '../../domain/schemas/tickets';
import { addToOutbox, newIdempotencyKey, updateOutboxEntry } from '../../offline/outbox';
import { isOnline } from '../../offline/useOnline';
import { requestOutboxSend } from '../../offline/sendOutbox';
import { useSendTicket } from '../../offline/useSendTicket';
import type { TicketFormValues } from './ticketFormValues';

const SAVED_ON_DEVICE = 'rc.offline.outbox.savedOnDevice';

/**
 * The save of a new ticket (the form's onSubmit; the form has already run every rule of
 * src/domain): the body gets a fresh idempotency key and goes out with it. Saved: 'Saved' and back
 * to the list. The server refused (4xx/5xx): its message, and the form stays, as ever. Offline,
 * or no answer at all: the ticket goes into the officer's outbox with that same key (if the
 * request did reach the server, the retry finds the ticket made and makes no second one),
 * 'Saved on this device…', and back to the list. A 401 (the session ended while he typed): the
 * ticket is kept in the outbox too, for his next sign-in, and he is logged out.
 */
export function useSaveNewTicket(officerId: number, transform: (v: TicketFormValues) => TicketInput, backTo: string) {
  const navigate = useNavigate();
  const notify = useNotify();
  const send = useSendTicket();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async (values: TicketFormValues) => {
    const ticket = transform(values);
    const key = newIdempotencyKey();
    const keep = async () => {
      await addToOutbox(officerId, ticket, key);
      notify(SAVED_ON_DEVICE, { type: 'info' });
      navigate(backTo);
    };
    if (!isOnline()) return keep();
    try {
      await send(ticket, key);
    } catch (error) {
      if (!(error instanceof HttpError)) return keep();
      if (error.status === 401) {
        await addToOutbox(officerId, ticket, key);
        await logoutIfAccessDenied(error);
        return;
      }
      notify(error.message, { type: 'error' });
      return;
    }
    notify('ra.notification.created', { messageArgs: { smart_count: 1 } });
    navigate(backTo);
  };
}

/**
 * The save of an outbox entry opened from the list: the entry takes the form's ticket, in its
 * place in the outbox, 'waiting' again. It keeps its key while it may have reached the server (a
 * retry must be recognised); after a refusal, nothing was made, so it gets a new key (the old one
 * with another body would be refused as reused). Then the sender is asked to send now (online, the
 * list shows it go) and the officer returns to his list.
 */
export function useSaveOutboxEntry(entry: OutboxEntry, transform: (v: TicketFormValues) => TicketInput, backTo: string) {
  const navigate = useNavigate();
  const notify = useNotify();
  return async (values: TicketFormValues) => {
    const key = entry.status === 'refused' ? newIdempotencyKey() : entry.key;
    const saved = await updateOutboxEntry(entry.officerId, entry.key, { ticket: transform(values), key, status: 'waiting', message: undefined, httpStatus: undefined });
    if (!saved) {
      // sent (or discarded in another tab) while he edited: kept as a new entry rather than lost;
      // if the first version did reach the server, the overlap rule refuses this one and the list
      // says so ('Not sent' with the server's words), so he sees both and keeps the right one
      await addToOutbox(entry.officerId, transform(values), newIdempotencyKey());
    }
    if (!isOnline()) notify(SAVED_ON_DEVICE, { type: 'info' });
    requestOutboxSend();
    navigate(backTo);
  };
}
