import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { rc } from '../../src/domain/messages';
import { todayIn } from '../../src/domain/dates';
import { hoursByMonthAnswer, hoursByMonthQuery } from '../../src/domain/schemas/ticketMonths';
import { ticketListVersion } from '../db/repositories/tickets';
import { hoursByMonth } from '../db/repositories/ticketMonths';

/**
 * One officer's hours by month (the chart on his time ticket list). Read under the ticket list's
 * rule (spec §6): a session that may not read tickets (level 3, password-change-only, incomplete
 * profile) 403 'Unauthorized!'; below level 5 only one's own, another officer 403 "You are not
 * authorized to access another officer's tickets!"; level 5 and above anyone's.
 */
export async function ticketMonthRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;

  /**
   * GET /api/timeTickets/getHoursByMonth?officerId&year -> [{ month: 'YYYY-MM', hours,
   * flaggedHours }]: the months of `year` (default this year in ORG_TIMEZONE) up to this month
   * (all twelve for a past year, none for a later one), zero-filled, January first; hours are the
   * total hours (worked + travel + incentive, 2 decimals) of `officerId`'s (default the caller)
   * tickets whose 10-41 date falls in the month: `hours` over his unflagged tickets (what the
   * list's footer Total counts: the months of a year add up to getTotals of 01/01..12/31),
   * `flaggedHours` over his flagged ones (hours at risk, not in `hours`). 400 for a malformed
   * officerId or year. Kept in the answer layer under his ticket list's version, like his list.
   */
  app.get(
    '/timeTickets/getHoursByMonth',
    {
      schema: {
        tags: ['time tickets'],
        summary: "One officer's counted and flagged hours by month of a year",
        querystring: hoursByMonthQuery,
        response: { 200: hoursByMonthAnswer },
      },
    },
    async (request, reply) => {
      const actor = authorize(request, 'ticket:read');
      const officerId = request.query.officerId ?? actor.officerId;
      authorize(request, 'ticket:read', { officerId }, rc.tickets.notYourTicket);
      const today = todayIn(tz, app.ctx.now());
      const year = request.query.year ?? Number(today.slice(6));
      const db = app.ctx.db;
      return app.ctx.answers.answer(request, reply, {
        db,
        version: () => ticketListVersion(db, officerId),
        make: async () => ({ rows: await hoursByMonth(db, officerId, year, today, tz) }),
      });
    },
  );
}
