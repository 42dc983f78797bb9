import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { StatisticsSearch } from '../../../../src/resources/reports/StatisticsSearch';
import { StatisticsReport } from '../../../../src/resources/reports/StatisticsReport';
import { officerHandlers } from '../officers/officerMocks';

const server = startMswServer();
const supervisor = sessionUser({ officerId: 5, accessType: { accessTypeId: 5, description: 'Supervisor' } });

async function choosePrecinct(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

function statRow(precinctId: number, pctName: string, allHours: number, detailHours: number, detailsWorked: number, n: number) {
  return {
    precinctId, pctName, allHours, detailHours, detailsWorked, parkingCitations: n, firs: n, warnings: n, arrests: n, arrestAssists: n, reports: n,
    pedestrianEdu: n, businessChecks: n, assignedPct: 5, sinceDate: '03/01/2026', untilDate: '03/15/2026',
  };
}

describe('/Reports/StatisticsSearch (spec §2 Statistics, §5 statistics search)', () => {
  it('shows every statistics search message and submits the detachment with a quick range', async () => {
    officerHandlers(server, supervisor);
    signIn(supervisor);
    renderInAdmin(<StatisticsSearch />, '/Reports/StatisticsSearch', { route: '/Reports/StatisticsSearch', others: ['/Reports/StatisticsReport'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics Search' })).toBeInTheDocument();
    const search = screen.getByRole('button', { name: 'Search' });
    await userEvent.click(search);
    expect(await screen.findByText('Must enter at least one search criteria!')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Until Date'), '03/01/2026');
    await userEvent.click(search);
    expect(await screen.findByText('Cannot enter until date without since date!')).toBeInTheDocument();
    expect(screen.getByText('Detachment is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Since Date'), '03/10/2026');
    await userEvent.click(search);
    expect(await screen.findByText('Since date must be <= until date!')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Since Date'));
    await userEvent.clear(screen.getByLabelText('Until Date'));
    await choosePrecinct('Detachment', '5th Precinct');
    await userEvent.click(search);
    expect(await screen.findByText('Must enter since date!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'MTD' }));
    await userEvent.click(search);
    await waitFor(() => expect(inAdminPath()).toBe('/Reports/StatisticsReport?assignedPct=5&sinceDate=03/01/2026&untilDate=03/15/2026'));
  });

  it('is not permitted below level 5', async () => {
    officerHandlers(server, sessionUser());
    signIn(sessionUser());
    renderInAdmin(<StatisticsSearch />, '/Reports/StatisticsSearch', { route: '/Reports/StatisticsSearch' });
    expect(await screen.findByText('Unauthorized!')).toBeInTheDocument();
  });
});

describe('/Reports/StatisticsReport (spec §2 Statistics, §3 Statistics row)', () => {
  const PATH = '/Reports/StatisticsReport?assignedPct=5&sinceDate=03/01/2026&untilDate=03/15/2026';

  it('lists each precinct with hours to 2 decimals and a totals row', async () => {
    officerHandlers(server, supervisor);
    let asked = '';
    server.use(
      http.get('*/api/statistics/getStatistics', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json([statRow(5, '5th Precinct', 12.5, 8, 2, 1), statRow(1, '1st Precinct', 3.25, 0, 0, 2)]);
      }),
    );
    signIn(supervisor);
    renderInAdmin(<StatisticsReport />, PATH, { route: '/Reports/StatisticsReport' });
    const row = (await screen.findByText('5th Precinct', { selector: 'td span' })).closest('tr')!;
    expect(within(row).getByText('12.50')).toBeInTheDocument();
    expect(within(row).getByText('8.00')).toBeInTheDocument();
    expect(asked).toContain('assignedPct=5');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('15.75')).toBeInTheDocument();
    expect(within(totals).getAllByText('3')).toHaveLength(8);
    expect(screen.getByText('Detachment:')).toBeInTheDocument();
  });

  it('on a 375-px phone shows a card per precinct', async () => {
    officerHandlers(server, supervisor);
    server.use(http.get('*/api/statistics/getStatistics', () => HttpResponse.json([statRow(5, '5th Precinct', 12.5, 8, 2, 1)])));
    setScreenWidth(375);
    signIn(supervisor);
    renderInAdmin(<StatisticsReport />, PATH, { route: '/Reports/StatisticsReport' });
    const cards = await screen.findByRole('list', { name: 'Statistics' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards).getByText('All Hours:')).toBeInTheDocument();
  });

  it("shows the server's message for a refused search", async () => {
    officerHandlers(server, supervisor);
    server.use(
      http.get('*/api/statistics/getStatistics', () =>
        HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'Detachment is required' }, { status: 400 }),
      ),
    );
    signIn(supervisor);
    renderInAdmin(<StatisticsReport />, '/Reports/StatisticsReport?sinceDate=03/01/2026', { route: '/Reports/StatisticsReport' });
    expect(await screen.findByText('Detachment is required')).toBeInTheDocument();
  });
});
