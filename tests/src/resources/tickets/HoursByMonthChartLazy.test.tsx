import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { HoursByMonthChartLazy } from '../../../../src/resources/tickets/HoursByMonthChartLazy';
import { parseListQuery } from '../../../../src/resources/tickets/ticketQuery';

const server = startMswServer();
/** The chart's code arrives as a lazy chunk: on a busy machine that takes more than a second. */
const LOADED = { timeout: 8000 };

function answer(asked: Array<Record<string, string>>) {
  const user = sessionUser();
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/timeTickets/getHoursByMonth', ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
      return HttpResponse.json([
        { month: '2026-01', hours: 10, flaggedHours: 0 },
        { month: '2026-02', hours: 2.5, flaggedHours: 1.5 },
        { month: '2026-03', hours: 0, flaggedHours: 0 },
      ]);
    }),
  );
  signIn(user);
}

describe("the hours by month under the officer's own list", () => {
  it('asks for his months of this year after the list has painted and shows their totals', async () => {
    const asked: Array<Record<string, string>> = [];
    answer(asked);
    const search = '?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';
    renderInAdmin(<HoursByMonthChartLazy query={parseListQuery(search)} />, `/TimeTicketBrowse${search}`);
    const caption = await screen.findByText(/Total 12\.50 hours counted, 1\.50 hours at risk\./, {}, LOADED);
    expect(caption).toHaveTextContent('February 2.50 counted, 1.50 at risk');
    expect(asked).toEqual([{ officerId: '7', year: '2026' }]);
  });

  it('asks nothing for another list (other dates)', async () => {
    const asked: Array<Record<string, string>> = [];
    answer(asked);
    const search = '?officerId=7&sinceDate=02/01/2026&untilDate=03/15/2026';
    const { container } = renderInAdmin(<HoursByMonthChartLazy query={parseListQuery(search)} />, `/TimeTicketBrowse${search}`);
    // longer than the wait for the first paint and an idle moment (a frame, then an idle callback)
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container.querySelector('figure')).toBeNull();
    expect(asked).toEqual([]);
  });
});
