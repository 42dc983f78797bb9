import type { Ticket } from '../../domain/schemas/tickets';

/** A ticket (or, in summary mode, an officer's sums) as react-admin holds it: with its `id` (spec §3). */
export type TicketRecord = Ticket & { id: number };

/** Hours as the list shows them: 2 decimals (spec §2). */
export const hours = (n: number) => n.toFixed(2);

/** '{day} {date} {time}' of a ticket's 10-41 or 10-42 ('Tue 03/10/2026 08:00'). */
export const tourEnd = (day: string, date: string, time: string) => `${day} ${date} ${time}`;
