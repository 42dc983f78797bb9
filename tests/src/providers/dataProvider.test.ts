import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { dataProvider } from '../../../src/providers/dataProvider';
import { describeRequest, startMswServer, type SeenRequest } from '../msw';

const server = startMswServer();

function record(method: 'get' | 'post' | 'put' | 'delete', path: string, reply: () => Response): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.use(
    http[method](`*/api${path}`, async ({ request }) => {
      seen.push(await describeRequest(request));
      return reply();
    }),
  );
  return seen;
}

const tickets = [
  { hoursWorkedId: 0, description: '' },
  { hoursWorkedId: 3, description: 'c', startDate: '02/01/2026', hours: 10 },
  { hoursWorkedId: 1, description: 'a', startDate: '12/31/2025', hours: 2 },
  { hoursWorkedId: 2, description: 'b', startDate: '01/15/2026', hours: 9 },
];

describe('dataProvider getList', () => {
  it('sends the filter as query parameters with sort and range, skipping empty values, and the bearer token', async () => {
    sessionStorage.setItem('jwt', 'token-1');
    const seen = record('get', '/timeTickets/getMultiple', () => HttpResponse.json([]));
    await dataProvider.getList('timeTickets', {
      filter: { officerId: 7, sinceDate: '01/01/2026', untilDate: '', precinctId: undefined, arrestFlag: null },
      sort: { field: 'startDate', order: 'DESC' },
      pagination: { page: 2, perPage: 25 },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0].path).toBe('/api/timeTickets/getMultiple');
    expect(seen[0].query).toEqual({
      officerId: '7',
      sinceDate: '01/01/2026',
      _sort: 'startDate',
      _order: 'DESC',
      _start: '25',
      _end: '50',
    });
    expect(seen[0].authorization).toBe('Bearer token-1');
  });

  it('drops the zero-id placeholder row, gives every record its id, sorts and pages in memory without X-Total-Count', async () => {
    record('get', '/timeTickets/getMultiple', () => HttpResponse.json(tickets));
    const page1 = await dataProvider.getList('timeTickets', {
      filter: {},
      sort: { field: 'startDate', order: 'ASC' },
      pagination: { page: 1, perPage: 2 },
    });
    expect(page1.total).toBe(3);
    expect(page1.data.map((r) => r.id)).toEqual([1, 2]);
    const byHours = await dataProvider.getList('timeTickets', {
      filter: {},
      sort: { field: 'hours', order: 'DESC' },
      pagination: { page: 1, perPage: 10 },
    });
    expect(byHours.data.map((r) => r.hoursWorkedId)).toEqual([3, 2, 1]);
  });

  it('uses the rows as they come and the header total when the server sends X-Total-Count', async () => {
    record('get', '/events/getMultiple', () =>
      HttpResponse.json(
        [
          { eventId: 0, eventName: '' },
          { eventId: 9, eventName: 'Parade' },
          { eventId: 4, eventName: 'Fair' },
        ],
        { headers: { 'X-Total-Count': '240' } },
      ),
    );
    const result = await dataProvider.getList('events', {
      filter: { eventTypeId: 1 },
      sort: { field: 'eventName', order: 'ASC' },
      pagination: { page: 3, perPage: 2 },
    });
    expect(result.total).toBe(240);
    expect(result.data.map((r) => r.id)).toEqual([9, 4]);
  });

  it('keys signups by event and officer, nested or flat', async () => {
    record('get', '/signup/getMultiple', () =>
      HttpResponse.json([
        { event: { eventId: 5 }, officer: { officerId: 0 } },
        { event: { eventId: 5 }, officer: { officerId: 12, lastName: 'Doe' } },
        { eventId: 5, officerId: 13 },
      ]),
    );
    const result = await dataProvider.getList('signup', { filter: { eventId: 5 }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 100 } });
    expect(result.data.map((r) => r.id)).toEqual(['5-12', '5-13']);
  });
});

describe('dataProvider single records and saves', () => {
  it('getOne reads getSingle and sets the id from the primary key', async () => {
    const seen = record('get', '/locations/getSingle/:id', () => HttpResponse.json({ locationId: 8, locationName: 'Hall' }));
    const { data } = await dataProvider.getOne('locations', { id: 8 });
    expect(seen[0].path).toBe('/api/locations/getSingle/8');
    expect(data).toMatchObject({ id: 8, locationId: 8, locationName: 'Hall' });
  });

  it('create posts to insert without id; update puts to update with the primary key and without id', async () => {
    const inserted = record('post', '/news/insert', () => HttpResponse.json({ newsId: 21, title: 'T' }, { status: 201 }));
    const created = await dataProvider.create('news', { data: { id: undefined, title: 'T' } });
    expect(inserted[0].body).toEqual({ title: 'T' });
    expect(created.data.id).toBe(21);

    const updated = record('put', '/news/update', () => HttpResponse.json({ newsId: 21, title: 'U' }));
    const saved = await dataProvider.update('news', { id: 21, data: { id: 21, title: 'U' }, previousData: { id: 21 } });
    expect(updated[0].body).toEqual({ title: 'U', newsId: 21 });
    expect(saved.data).toMatchObject({ id: 21, title: 'U' });
  });
});

describe('dataProvider delete', () => {
  it('sends the dummy entry first, then the id marked Y', async () => {
    const seen = record('delete', '/timeTickets/delete', () => HttpResponse.json({}));
    await dataProvider.delete('timeTickets', { id: 44, previousData: { id: 44 } });
    expect(seen[0].body).toEqual([
      { id: 0, deleteStatus: '' },
      { id: 44, deleteStatus: 'Y' },
    ]);
  });

  it('deleteMany sends every id after the dummy entry', async () => {
    const seen = record('delete', '/officer/delete', () => HttpResponse.json({}));
    await dataProvider.deleteMany('officer', { ids: [3, 4] });
    expect(seen[0].body).toEqual([
      { id: 0, deleteStatus: '' },
      { id: 3, deleteStatus: 'Y' },
      { id: 4, deleteStatus: 'Y' },
    ]);
  });

  it('removes a signup with the event in the query and the officer in the body', async () => {
    const seen = record('delete', '/signup/delete', () => HttpResponse.json({}));
    await dataProvider.delete('signup', { id: '5-12' });
    expect(seen[0].query).toEqual({ eventId: '5' });
    expect(seen[0].body).toEqual([
      { id: 0, deleteStatus: '' },
      { id: 12, deleteStatus: 'Y' },
    ]);
  });
});

describe('dataProvider errors (spec §8)', () => {
  async function failure(status: number, body?: object): Promise<HttpError> {
    server.use(http.get('*/api/events/getSingle/:id', () => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }))));
    try {
      await dataProvider.getOne('events', { id: 1 });
    } catch (e) {
      return e as HttpError;
    }
    throw new Error('expected a failure');
  }

  it('maps statuses to the catalogue wording when the server gives no message', async () => {
    expect((await failure(403)).message).toBe('Unauthorized!');
    expect((await failure(409)).message).toBe('Duplicate record - unique constraint violated!');
    expect((await failure(500)).message).toBe('Error 500');
    const e = await failure(404);
    expect(e).toBeInstanceOf(HttpError);
    expect(e.status).toBe(404);
    expect(e.message).toBe('Error 404');
  });

  it("prefers the server's message", async () => {
    const e = await failure(400, { statusCode: 400, error: 'Bad Request', message: 'Event name is required' });
    expect(e.message).toBe('Event name is required');
    expect(e.status).toBe(400);
  });

  it("says the server could not be reached when there is no answer at all (not the browser's 'Failed to fetch')", async () => {
    server.use(http.get('*/api/events/getSingle/:id', () => HttpResponse.error()));
    await expect(dataProvider.getOne('events', { id: 1 })).rejects.toThrow(/^The server could not be reached\. Check the connection and try again\.$/);
  });

  it('api() returns the body of a non-CRUD call, text included', async () => {
    server.use(http.get('*/api/countUnread159s/:id', () => HttpResponse.text('3')));
    await expect(dataProvider.api('GET', '/countUnread159s/7')).resolves.toBe('3');
  });
});
