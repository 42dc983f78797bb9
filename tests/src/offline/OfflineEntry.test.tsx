import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../renderInAdmin';
import { ticketHandlers, totals } from '../resources/tickets/ticketMocks';
import { TicketEdit } from '../../../src/resources/tickets/TicketEdit';
import { TicketList } from '../../../src/resources/tickets/TicketList';
import { HeaderUser } from '../../../src/custom/HeaderUser';
import { OutboxSender } from '../../../src/offline/OutboxSender';
import { addToOutbox, listOutbox } from '../../../src/offline/outbox';
import { IDEMPOTENCY_HEADER } from '../../../src/domain/offline';
import type { TicketInput } from '../../../src/domain/schemas/tickets';

const server = startMswServer();
const QUERY = '?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';
const OVERLAP = 'You already have existing tickets within this time frame!';

/** The browser says it has no network (navigator.onLine false, and the 'offline' event react-query and the app follow). */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
}

const notHere = () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, { status: 404 });

// what the pages ask besides what a test looks at: the form's events after sign-in, the list's chart and LOSAP card
beforeEach(() => {
  server.use(
    http.get('*/api/timeTickets/getHoursByMonth', notHere),
    http.get('*/api/losap/progress', notHere),
    http.get('*/api/losap/attestation', notHere),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

/** An insert body of officer 7 on 03/14/2026, 08:00-12:00, patrol in the 1st Precinct. */
function body(description: string, o: Partial<TicketInput> = {}): TicketInput {
  return {
    officer: { officerId: 7 }, assignmentType: { assignmentTypeId: 2 }, precinct: { precinctId: 1 }, event: { eventId: 0 },
    startDate: '03/14/2026', startTime: '08:00', endDate: '03/14/2026', endTime: '12:00', travelHours: 0, description,
    parkingCitations: 0, firs: 0, warnings: 0, arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 0, businessChecks: 0, ...o,
  };
}

/** Types digits into a picker field (a tap on it, then the digits). */
async function typeInto(label: string, digits: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.keyboard(digits);
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Fills the add form with a 08:00-12:00 patrol today in the 1st Precinct, described `description`. */
async function fillPatrol(description: string) {
  await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
  await choose('Assignment Type', 'Patrol');
  await choose('Precinct', '1st Precinct');
  await typeInto('10-41 Time', '0800');
  await typeInto('10-42 Time', '1200');
  await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), description);
}

/** The officer's own list with the sender mounted beside it, as the signed-in layout has it. */
function renderList() {
  return renderInAdmin(
    <>
      <OutboxSender />
      <TicketList />
    </>,
    `/TimeTicketBrowse${QUERY}`,
    { others: ['/TimeTicketEdit'] },
  );
}

describe('offline ticket entry', () => {
  it('a ticket saved offline goes into the outbox, and his list shows it waiting to send', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    const inserts: SeenRequest[] = [];
    server.use(http.post('*/api/timeTickets/insert', async ({ request }) => void inserts.push(await describeRequest(request))));
    signIn(user);
    renderInAdmin(<TicketEdit />, `/TimeTicketEdit${QUERY}`, { route: '/TimeTicketEdit', pages: { '/TimeTicketBrowse': <TicketList /> } });
    await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
    await choose('Assignment Type', 'Patrol');
    await choose('Precinct', '1st Precinct');
    goOffline();
    await typeInto('10-41 Time', '0800');
    await typeInto('10-42 Time', '1200');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Park patrol');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved on this device. It will be sent when the connection returns.')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe(`/TimeTicketBrowse${QUERY}`));
    expect(await screen.findByRole('heading', { name: '1 ticket waiting to send' })).toBeInTheDocument();
    // the rows follow the heading by a render (react-admin's useList takes them in an effect)
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    expect(screen.getByText('Park patrol')).toBeInTheDocument();
    expect(inserts).toHaveLength(0);
    const [entry] = await listOutbox(7);
    expect(entry).toMatchObject({ officerId: 7, status: 'waiting', ticket: { description: 'Park patrol', startDate: '03/15/2026', startTime: '08:00', endTime: '12:00', precinct: { precinctId: 1 } } });
    expect(entry.key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('a save that gets no answer keeps the ticket with the key it was sent with', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    const keys: Array<string | null> = [];
    server.use(
      http.post('*/api/timeTickets/insert', ({ request }) => {
        keys.push(request.headers.get(IDEMPOTENCY_HEADER));
        return HttpResponse.error();
      }),
    );
    signIn(user);
    renderInAdmin(<TicketEdit />, `/TimeTicketEdit${QUERY}`, { route: '/TimeTicketEdit', others: ['/TimeTicketBrowse'] });
    await fillPatrol('Subway patrol');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inAdminPath()).toBe(`/TimeTicketBrowse${QUERY}`));
    const entries = await listOutbox(7);
    expect(entries.map((e) => e.ticket.description)).toEqual(['Subway patrol']);
    expect(keys).toEqual([entries[0].key]);
  });

  it('a refusal while online keeps the form with the server message, as ever, and nothing on the device', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    server.use(http.post('*/api/timeTickets/insert', () => HttpResponse.json({ statusCode: 409, error: 'Conflict', message: OVERLAP }, { status: 409 })));
    signIn(user);
    renderInAdmin(<TicketEdit />, `/TimeTicketEdit${QUERY}`, { route: '/TimeTicketEdit', others: ['/TimeTicketBrowse'] });
    await fillPatrol('Patrol again');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(OVERLAP)).toBeInTheDocument();
    expect(inAdminPath()).toBe(`/TimeTicketEdit${QUERY}`);
    expect(await listOutbox(7)).toEqual([]);
  });

  it('a session that ended while he typed (401) keeps the ticket for his next sign-in and logs out', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    server.use(
      http.post('*/api/timeTickets/insert', () => HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Not authenticated' }, { status: 401 })),
      http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
    );
    signIn(user);
    renderInAdmin(<TicketEdit />, `/TimeTicketEdit${QUERY}`, { route: '/TimeTicketEdit', others: ['/TimeTicketBrowse', '/Login'] });
    await fillPatrol('Late patrol');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inAdminPath()).toBe('/Login'));
    expect((await listOutbox(7)).map((e) => [e.ticket.description, e.status])).toEqual([['Late patrol', 'waiting']]);
  });

  it('sends what waits when his list opens; a refused ticket stays with the server message, the next one is sent', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    const sent: Array<{ description: string; key: string | null }> = [];
    server.use(
      http.post('*/api/timeTickets/insert', async ({ request }) => {
        const seen = await describeRequest(request);
        const description = (seen.body as TicketInput).description ?? '';
        sent.push({ description, key: request.headers.get(IDEMPOTENCY_HEADER) });
        if (description === 'Overlapping') return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: OVERLAP }, { status: 409 });
        return HttpResponse.json({ hoursWorkedId: 40 }, { status: 201 });
      }),
    );
    await addToOutbox(7, body('Overlapping'), 'key-overlap-00000001');
    await addToOutbox(7, body('Fine', { startDate: '03/13/2026', endDate: '03/13/2026' }), 'key-fine-00000000002');
    signIn(user);
    renderList();
    expect(await screen.findByText('1 ticket saved offline was sent')).toBeInTheDocument();
    expect(sent).toEqual([{ description: 'Overlapping', key: 'key-overlap-00000001' }, { description: 'Fine', key: 'key-fine-00000000002' }]);
    expect(await screen.findByRole('heading', { name: '1 ticket waiting to send' })).toBeInTheDocument();
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    expect(screen.getByText(OVERLAP)).toBeInTheDocument();
    expect(screen.queryByText('Fine')).not.toBeInTheDocument();
    expect((await listOutbox(7)).map((e) => [e.ticket.description, e.status, e.message])).toEqual([['Overlapping', 'refused', OVERLAP]]);
  });

  it('on a phone: a card with Edit and Discard; Discard asks first, then removes it', async () => {
    setScreenWidth(375);
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    await addToOutbox(7, body('Beach patrol'), 'key-beach-0000000001');
    signIn(user);
    goOffline();
    renderList();
    const cards = await screen.findByRole('list', { name: '1 ticket waiting to send' });
    const card = within(cards).getByRole('listitem');
    expect(card).toHaveTextContent('03/14/2026 08:00');
    expect(card).toHaveTextContent('Waiting to send');
    expect(card).toHaveTextContent('Worked:4.00');
    expect(within(card).getByRole('link', { name: 'Edit 03/14/2026 08:00' })).toHaveAttribute('href', `/TimeTicketEdit${QUERY}&outboxKey=key-beach-0000000001`);
    await userEvent.click(within(card).getByRole('button', { name: 'Discard 03/14/2026 08:00' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Discard this ticket? It has not been sent and will be lost.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await listOutbox(7)).toHaveLength(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Discard 03/14/2026 08:00' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: /waiting to send/ })).not.toBeInTheDocument());
    expect(await listOutbox(7)).toEqual([]);
  });

  it('Edit of a refused entry opens the form filled from it; saving changes the entry under a new key', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    await addToOutbox(7, body('Overlapping'), 'key-overlap-00000001');
    const { updateOutboxEntry } = await import('../../../src/offline/outbox');
    await updateOutboxEntry(7, 'key-overlap-00000001', { status: 'refused', message: OVERLAP, httpStatus: 409 });
    signIn(user);
    goOffline();
    renderInAdmin(<TicketEdit />, `/TimeTicketEdit${QUERY}&outboxKey=key-overlap-00000001`, { route: '/TimeTicketEdit', others: ['/TimeTicketBrowse'] });
    const description = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 5000 });
    expect(description).toHaveValue('Overlapping');
    expect(screen.getByRole('textbox', { name: '10-41 Date' })).toHaveValue('03/14/2026');
    await userEvent.clear(description);
    await userEvent.type(description, 'Corrected');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inAdminPath()).toBe(`/TimeTicketBrowse${QUERY}`));
    const [entry] = await listOutbox(7);
    expect(entry).toMatchObject({ status: 'waiting', ticket: { description: 'Corrected', startDate: '03/14/2026' } });
    expect(entry.key).not.toBe('key-overlap-00000001');
    expect(entry).not.toHaveProperty('message');
  });
});

describe('Logout with tickets not yet sent', () => {
  function renderHeader() {
    const logouts: string[] = [];
    server.use(http.post('*/api/logout', () => void logouts.push('logout')));
    renderInAdmin(<HeaderUser />, '/TimeTicketBrowse', { others: ['/Login'] });
    return logouts;
  }

  it('asks; Keep for my next sign-in logs out and keeps them', async () => {
    signIn(sessionUser());
    await addToOutbox(7, body('One'), 'key-one-000000000001');
    await addToOutbox(7, body('Two', { startDate: '03/13/2026', endDate: '03/13/2026' }), 'key-two-000000000002');
    const logouts = renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tickets not yet sent' });
    expect(dialog).toHaveTextContent('You have 2 tickets on this device that have not been sent.');
    expect(within(dialog).getByRole('button', { name: 'Keep for my next sign-in' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(inAdminPath()).toBe('/Login'));
    expect(logouts).toEqual(['logout']);
    expect((await listOutbox(7)).map((e) => e.ticket.description)).toEqual(['One', 'Two']);
  });

  it('Discard and log out empties his outbox; Escape stays signed in', async () => {
    signIn(sessionUser());
    await addToOutbox(7, body('One'), 'key-one-000000000001');
    const logouts = renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('You have 1 ticket on this device that has not been sent.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logouts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard and log out' }));
    await waitFor(() => expect(inAdminPath()).toBe('/Login'));
    expect(await listOutbox(7)).toEqual([]);
  });

  it('without unsent tickets logs out at once', async () => {
    signIn(sessionUser());
    const logouts = renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(inAdminPath()).toBe('/Login'));
    expect(logouts).toEqual(['logout']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
