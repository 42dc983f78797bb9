import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { Ticket } from '../../../../src/domain/schemas/tickets';
import { sessionUser } from '../../fixtures';
import { OFFICERS, ticket } from '../tickets/ticketMocks';

/** The auditor (level 10) of the queue tests. */
export const auditor = sessionUser({ officerId: 20, lastName: 'Adler', firstName: 'Audrey', accessType: { accessTypeId: 10, description: 'Auditor' } });

/** Three tickets waiting: a long storm shift (oldest), a patrol with many arrests, a corrected detail. */
export const QUEUE: Ticket[] = [
  ticket({ hoursWorkedId: 11, startDate: '03/01/2026', endDate: '03/01/2026', startTime: '06:00', endTime: '18:00', startDay: 'Sun', endDay: 'Sun', hoursWorked: 12, totalHours: 12, description: 'Storm deployment', attention: ['longShift', 'lateEntry'] }),
  ticket({ hoursWorkedId: 12, startDate: '03/05/2026', startDay: 'Thu', endDate: '03/05/2026', endDay: 'Thu', description: 'Patrol with arrests', arrests: 9, attention: ['countsAboveMedian'] }),
  ticket({
    hoursWorkedId: 13, startDate: '03/08/2026', startDay: 'Sun', endDate: '03/08/2026', endDay: 'Sun', description: 'Parade detail',
    reviewState: 'corrected', flaggedBy: { officerId: 20, firstName: 'Audrey', lastName: 'Adler' }, auditComments: 'Wrong precinct',
    event: { eventId: 5, eventName: 'St. Patrick Parade', incentiveHours: 0 }, assignmentType: { assignmentTypeId: 1, description: 'Detail' },
  }),
];

/** What the queue tests saw: the queue's queries and the review bodies. */
export interface QueueSeen {
  lists: Array<Record<string, string>>;
  reviews: Array<{ ids: number[]; decision: string; reason?: string }>;
}

/**
 * Session, lookups, officers, the queue (rows not yet decided, oldest first), its count and the
 * review call (answers 200, or `refuse` with 400 and its message).
 */
export function queueHandlers(server: SetupServer, rows: Ticket[] = QUEUE, refuse?: string): QueueSeen {
  const seen: QueueSeen = { lists: [], reviews: [] };
  const decided = new Set<number>();
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user: auditor })),
    http.get('*/api/officer/getMultiple', () => HttpResponse.json(OFFICERS)),
    http.get('*/api/getPrecinctTable', () => HttpResponse.json([{ id: 1, description: '1st Precinct' }, { id: 3, description: '3rd Precinct' }])),
    http.get('*/api/getLookupTable', () => HttpResponse.json([{ id: 1, description: 'Detail' }, { id: 2, description: 'Patrol' }])),
    http.get('*/api/timeTickets/getQueue', ({ request }) => {
      seen.lists.push(Object.fromEntries(new URL(request.url).searchParams));
      const left = rows.filter((r) => !decided.has(r.hoursWorkedId));
      return HttpResponse.json(left, { headers: { 'X-Total-Count': String(left.length) } });
    }),
    http.get('*/api/timeTickets/getQueueCount', () => HttpResponse.json({ waiting: rows.filter((r) => !decided.has(r.hoursWorkedId)).length })),
    http.put('*/api/timeTickets/review', async ({ request }) => {
      const body = (await request.json()) as QueueSeen['reviews'][number];
      seen.reviews.push(body);
      if (refuse) return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: refuse }, { status: 400 });
      body.ids.forEach((id) => decided.add(id));
      return HttpResponse.json({ reviewed: body.ids.map((id) => ({ hoursWorkedId: id, reviewState: body.decision === 'accept' ? 'accepted' : 'flagged' })) });
    }),
  );
  return seen;
}
