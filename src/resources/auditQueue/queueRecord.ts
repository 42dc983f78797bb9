import type { Ticket } from '../../domain/schemas/tickets';

/** A ticket of the auditors' queue as react-admin holds it: the API's ticket with its `id` (hoursWorkedId). */
export type QueueTicket = Ticket & { id: number };

/** The 10-41 as the queue names a ticket: '03/10/2026 08:00'. */
export const startOf = (t: QueueTicket) => `${t.startDate} ${t.startTime}`;

/** The 10-42: its time, with its date first when the tour ends on another day ('03/11/2026 02:00'). */
export const endOf = (t: QueueTicket) => (t.endDate === t.startDate ? t.endTime : `${t.endDate} ${t.endTime}`);

/** Hours as the lists show them: 2 decimals. */
export const hoursText = (n: number) => n.toFixed(2);
