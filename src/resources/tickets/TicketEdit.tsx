import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Create, Edit, Loading, useEditContext, useNotify } from 'react-admin';
import { rc } from '../../domain/messages';
import { COUNT_FIELDS } from '../../domain/tickets';
import { can, type Actor } from '../../domain/access';
import { formCardSx } from '../../common/FormLayout';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { useActor, useServerNow } from '../../common/useActor';
import { parseListQuery, toSearch } from './ticketQuery';
import { TicketForm } from './TicketForm';
import { TicketReadOnly } from './TicketReadOnly';
import { isOwnTicket, whyReadOnly } from './ticketAccess';
import { useAuditorContacts } from './useAuditorContacts';
import { toTicketInput, type TicketFormValues } from './ticketFormValues';
import type { TicketRecord } from './ticketRecord';
import type { TicketInput } from '../../domain/schemas/tickets';
import { useLeaveOnError } from '../../common/useLeaveOnError';
import type { OutboxEntry } from '../../domain/offline';
import { getOutboxEntry } from '../../offline/outbox';
import { useSaveNewTicket, useSaveOutboxEntry } from './useOfflineTicketSave';
import { outboxFormValues, OUTBOX_PARAM } from './outboxTicket';

/**
 * Renders `children(record)` once the edited ticket has been read from the server. The list's
 * cached copy is not enough: the form would reset to the fresh record when it arrives and drop
 * what the user had already typed. Later refetches (after a save) keep the form.
 */
function WhenLoaded({ children }: { children: (record: TicketRecord) => ReactNode }) {
  const { record, isPending, isFetching } = useEditContext<TicketRecord>();
  const [ready, setReady] = useState(false);
  if (!ready && record && !isPending && !isFetching) setReady(true);
  if (!ready || !record) return <Loading />;
  return <>{children(record)}</>;
}

/**
 * /TimeTicketEdit (add) and /TimeTicketEdit/{paramId} (spec §2): the ticket form in a card with
 * the sticky save bar; saving returns to /TimeTicketBrowse with the same query. Server refusals
 * show the server's message and the form stays; a failed load alerts and goes to /. A ticket the
 * user may read but not change (another officer's below level 9, locked, outside the window) is
 * shown read-only with Back. Level 3 gets the not-permitted page.
 *
 * Offline entry: a new ticket is sent with an idempotency key; offline or without an answer it
 * goes into the officer's outbox (useSaveNewTicket). /TimeTicketEdit?outboxKey={key} opens an
 * outbox entry of his in the same form; saving changes the entry (useSaveOutboxEntry).
 */
export function TicketEdit() {
  const { paramId } = useParams();
  return (
    <RequirePermission action={paramId ? 'ticket:read' : 'ticket:write'}>
      <TicketEditPage paramId={paramId} />
    </RequirePermission>
  );
}

function TicketEditPage({ paramId }: { paramId?: string }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const leave = useLeaveOnError();
  const { actor, today, tz } = useActor();
  const serverNow = useServerNow();
  if (!actor) return <Loading />;
  const backTo = `/TimeTicketBrowse${toSearch(parseListQuery(search))}`;
  const withAudit = can(actor, 'ticket:audit-comment');
  const transform = (data: TicketFormValues) => toTicketInput(data, withAudit);
  const onSuccess = () => {
    notify('ra.notification.updated', { messageArgs: { smart_count: 1 } });
    navigate(backTo);
  };
  const onError = (error: Error) => notify(error.message, { type: 'error' });
  const form = (onSubmit?: (values: TicketFormValues) => Promise<void>) => (
    <TicketForm actor={actor} today={today} now={serverNow} tz={tz} backTo={backTo} onSubmit={onSubmit} />
  );
  const common = { resource: 'timeTickets', title: false, actions: false, sx: formCardSx, redirect: false, transform, mutationOptions: { onSuccess, onError } } as const;
  const outboxKey = new URLSearchParams(search).get(OUTBOX_PARAM);

  return (
    <>
      <PageHeading>{rc.tickets.editTitle}</PageHeading>
      {paramId ? (
        <Edit
          {...common}
          id={Number(paramId)}
          mutationMode="pessimistic"
          queryOptions={{ onError: leave }}
        >
          <WhenLoaded>{(record) => <FormOrReadOnly record={record} actor={actor} today={today} form={form()} backTo={backTo} />}</WhenLoaded>
        </Edit>
      ) : outboxKey ? (
        <WhenEntryLoaded officerId={actor.officerId} entryKey={outboxKey} backTo={backTo}>
          {(entry) => (
            <Create {...common} record={outboxFormValues(entry)}>
              <OutboxEntryForm entry={entry} transform={transform} backTo={backTo} form={form} />
            </Create>
          )}
        </WhenEntryLoaded>
      ) : (
        <Create {...common} record={newTicket(actor, today, search)}>
          <NewTicketForm officerId={actor.officerId} transform={transform} backTo={backTo} form={form} />
        </Create>
      )}
    </>
  );
}

type FormOf = (onSubmit: (values: TicketFormValues) => Promise<void>) => ReactNode;

/** A new ticket's form: saved with an idempotency key, into the outbox when there is no answer. */
function NewTicketForm({ officerId, transform, backTo, form }: { officerId: number; transform: (v: TicketFormValues) => TicketInput; backTo: string; form: FormOf }) {
  return <>{form(useSaveNewTicket(officerId, transform, backTo))}</>;
}

/** An outbox entry's form: saving changes the entry. */
function OutboxEntryForm({ entry, transform, backTo, form }: { entry: OutboxEntry; transform: (v: TicketFormValues) => TicketInput; backTo: string; form: FormOf }) {
  return <>{form(useSaveOutboxEntry(entry, transform, backTo))}</>;
}

/**
 * Renders `children(entry)` once the officer's outbox entry keyed `entryKey` has been read, as it
 * was then (the form must not reset when the sender changes the entry meanwhile). An entry that is
 * gone (sent or discarded meanwhile) goes back to the list.
 */
function WhenEntryLoaded({ officerId, entryKey, backTo, children }: { officerId: number; entryKey: string; backTo: string; children: (entry: OutboxEntry) => ReactNode }) {
  const navigate = useNavigate();
  const [entry, setEntry] = useState<OutboxEntry | null>(null);
  useEffect(() => {
    let live = true;
    getOutboxEntry(officerId, entryKey)
      .catch(() => undefined)
      .then((found) => {
        if (!live) return;
        if (found) setEntry(found);
        else navigate(backTo, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [officerId, entryKey, backTo, navigate]);
  if (!entry) return <Loading />;
  return <>{children(entry)}</>;
}

/** The form when the user may change the ticket, else the read-only view saying why. */
function FormOrReadOnly({ record, actor, today, form, backTo }: { record: TicketRecord; actor: Actor; today: string; form: ReactNode; backTo: string }) {
  const reason = whyReadOnly(actor, record, today);
  const owner = isOwnTicket(actor, record);
  const contacts = useAuditorContacts(!!reason && owner && record.flaggedBy.officerId > 0);
  if (!reason) return <>{form}</>;
  return <TicketReadOnly ticket={record} reason={reason} owner={owner} contacts={contacts} backTo={backTo} />;
}

/** A new ticket: for the officer of the list's query at level 9+ (else the signed-in officer), dated today. */
function newTicket(actor: Actor, today: string, search: string) {
  const q = parseListQuery(search);
  const officerId = can(actor, 'ticket:pick-officer') && q.officerId ? Number(q.officerId) : actor.officerId;
  return {
    officer: { officerId },
    assignmentType: { assignmentTypeId: 0 },
    precinct: { precinctId: '' },
    event: { eventId: 0 },
    startDate: today,
    startTime: '',
    endDate: today,
    endTime: '',
    travelHours: 0,
    description: '',
    auditComments: '',
    ...Object.fromEntries(COUNT_FIELDS.map((c) => [c, 0])),
  };
}
