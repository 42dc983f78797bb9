import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { startMswServer } from '../msw';
import { addToOutbox, listOutbox, updateOutboxEntry } from '../../../src/offline/outbox';
import { sendOutbox, type SendTicket } from '../../../src/offline/sendOutbox';
import { dataProvider } from '../../../src/providers/dataProvider';
import { IDEMPOTENCY_HEADER } from '../../../src/domain/offline';
import type { TicketInput } from '../../../src/domain/schemas/tickets';

const server = startMswServer();
const OFFICER = 7;
const OVERLAP = 'You already have existing tickets within this time frame!';

/** An insert body of officer 7 on `date`, described `description`. */
function body(description: string, date = '03/10/2026'): TicketInput {
  return {
    officer: { officerId: OFFICER }, assignmentType: { assignmentTypeId: 2 }, precinct: { precinctId: 1 }, event: { eventId: 0 },
    startDate: date, startTime: '08:00', endDate: date, endTime: '12:00', travelHours: 0, description,
    parkingCitations: 0, firs: 0, warnings: 0, arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 0, businessChecks: 0,
  };
}

/** A fake server: answers each description as `answers` says (default 201) and records what it was sent, in order. */
function fakeServer(answers: Record<string, 'ok' | 'none' | number | [number, string]> = {}) {
  const sent: Array<{ description: string; key: string }> = [];
  let inFlight = 0;
  let overlapped = false;
  const send: SendTicket = async (ticket, key) => {
    inFlight += 1;
    if (inFlight > 1) overlapped = true;
    await new Promise((r) => setTimeout(r, 1));
    inFlight -= 1;
    const description = ticket.description ?? '';
    sent.push({ description, key });
    const answer = answers[description] ?? 'ok';
    if (answer === 'ok') return { data: { id: sent.length } };
    if (answer === 'none') throw new Error('The server could not be reached.');
    const [status, message] = Array.isArray(answer) ? answer : [answer, `Error ${answer}`];
    throw new HttpError(message, status, { statusCode: status, message });
  };
  return { send, sent, overlapped: () => overlapped };
}

const statuses = async () => (await listOutbox(OFFICER)).map((e) => [e.ticket.description, e.status, e.message ?? null]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendOutbox', () => {
  it('sends the entries in the order saved, one at a time, each with its own key, and empties the outbox', async () => {
    const a = await addToOutbox(OFFICER, body('first'), 'key-first-0000000001');
    const b = await addToOutbox(OFFICER, body('second', '03/11/2026'), 'key-second-000000002');
    const fake = fakeServer();
    expect(await sendOutbox(OFFICER, fake.send)).toEqual({ sent: 2, refused: 0, stopped: null });
    expect(fake.sent).toEqual([{ description: 'first', key: a.key }, { description: 'second', key: b.key }]);
    expect(fake.overlapped()).toBe(false);
    expect(await listOutbox(OFFICER)).toEqual([]);
  });

  it('marks a refused entry with the server message and still sends the later ones; refused entries wait for the officer', async () => {
    await addToOutbox(OFFICER, body('overlapping'), 'key-overlap-00000001');
    await addToOutbox(OFFICER, body('fine', '03/11/2026'), 'key-fine-00000000002');
    const fake = fakeServer({ overlapping: [409, OVERLAP] });
    expect(await sendOutbox(OFFICER, fake.send)).toEqual({ sent: 1, refused: 1, stopped: null });
    expect(await statuses()).toEqual([['overlapping', 'refused', OVERLAP]]);
    expect((await listOutbox(OFFICER))[0].httpStatus).toBe(409);
    // the next send does not try it again until he edits it
    const again = fakeServer();
    expect(await sendOutbox(OFFICER, again.send)).toEqual({ sent: 0, refused: 0, stopped: null });
    expect(again.sent).toEqual([]);
  });

  it('stops at a request without an answer: that entry and the later ones stay waiting', async () => {
    await addToOutbox(OFFICER, body('one'), 'key-one-000000000001');
    await addToOutbox(OFFICER, body('two', '03/11/2026'), 'key-two-000000000002');
    await addToOutbox(OFFICER, body('three', '03/12/2026'), 'key-three-0000000003');
    const fake = fakeServer({ two: 'none' });
    expect(await sendOutbox(OFFICER, fake.send)).toEqual({ sent: 1, refused: 0, stopped: 'unreachable' });
    expect(fake.sent.map((s) => s.description)).toEqual(['one', 'two']);
    expect(await statuses()).toEqual([['two', 'waiting', null], ['three', 'waiting', null]]);
    // later, with an answer: the same key again, so a server that did make it makes no second ticket
    const later = fakeServer();
    await sendOutbox(OFFICER, later.send);
    expect(later.sent).toEqual([{ description: 'two', key: 'key-two-000000000002' }, { description: 'three', key: 'key-three-0000000003' }]);
  });

  it('stops at a 401 (the session is over) and at a server in trouble, keeping the entries waiting', async () => {
    await addToOutbox(OFFICER, body('one'), 'key-one-000000000001');
    await addToOutbox(OFFICER, body('two', '03/11/2026'), 'key-two-000000000002');
    expect(await sendOutbox(OFFICER, fakeServer({ one: 401 }).send)).toEqual({ sent: 0, refused: 0, stopped: 'unauthorized' });
    expect(await statuses()).toEqual([['one', 'waiting', null], ['two', 'waiting', null]]);
    expect(await sendOutbox(OFFICER, fakeServer({ one: 503 }).send)).toEqual({ sent: 0, refused: 0, stopped: 'busy' });
    expect(await statuses()).toEqual([['one', 'waiting', null], ['two', 'waiting', null]]);
  });

  it('tries nothing while the browser is offline', async () => {
    await addToOutbox(OFFICER, body('one'), 'key-one-000000000001');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fake = fakeServer();
    expect(await sendOutbox(OFFICER, fake.send)).toEqual({ sent: 0, refused: 0, stopped: 'offline' });
    expect(fake.sent).toEqual([]);
    expect(await statuses()).toEqual([['one', 'waiting', null]]);
  });

  it('never sends twice at once: a send asked during another joins it, and an entry saved meanwhile goes too', async () => {
    await addToOutbox(OFFICER, body('one'), 'key-one-000000000001');
    const fake = fakeServer();
    const first = sendOutbox(OFFICER, fake.send);
    const second = sendOutbox(OFFICER, fake.send);
    await addToOutbox(OFFICER, body('two', '03/11/2026'), 'key-two-000000000002');
    const third = sendOutbox(OFFICER, fake.send);
    const results = await Promise.all([first, second, third]);
    expect(fake.overlapped()).toBe(false);
    expect(fake.sent.map((s) => s.description)).toEqual(['one', 'two']);
    expect(results[0]).toEqual({ sent: 2, refused: 0, stopped: null });
    expect(await listOutbox(OFFICER)).toEqual([]);
  });

  it('an entry edited after a refusal is sent again', async () => {
    await addToOutbox(OFFICER, body('bad'), 'key-bad-000000000001');
    await sendOutbox(OFFICER, fakeServer({ bad: [409, OVERLAP] }).send);
    await updateOutboxEntry(OFFICER, 'key-bad-000000000001', { ticket: body('corrected', '03/09/2026'), key: 'key-new-000000000002', status: 'waiting', message: undefined, httpStatus: undefined });
    expect(await statuses()).toEqual([['corrected', 'waiting', null]]);
    const fake = fakeServer();
    expect(await sendOutbox(OFFICER, fake.send)).toEqual({ sent: 1, refused: 0, stopped: null });
    expect(fake.sent).toEqual([{ description: 'corrected', key: 'key-new-000000000002' }]);
  });

  it("through the dataProvider: each entry's key goes out as the Idempotency-Key header of POST /api/timeTickets/insert", async () => {
    const headers: Array<string | null> = [];
    server.use(
      http.post('*/api/timeTickets/insert', ({ request }) => {
        headers.push(request.headers.get(IDEMPOTENCY_HEADER));
        return HttpResponse.json({ hoursWorkedId: headers.length }, { status: 201 });
      }),
    );
    await addToOutbox(OFFICER, body('one'), 'key-one-000000000001');
    const send: SendTicket = (ticket, key) => dataProvider.create('timeTickets', { data: ticket, meta: { idempotencyKey: key } });
    expect(await sendOutbox(OFFICER, send)).toEqual({ sent: 1, refused: 0, stopped: null });
    expect(headers).toEqual(['key-one-000000000001']);
  });
});
