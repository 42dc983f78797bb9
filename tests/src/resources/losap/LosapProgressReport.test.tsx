import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { LosapProgressReport } from '../../../../src/resources/losap/LosapProgressReport';
import { officerHandlers } from '../officers/officerMocks';

const server = startMswServer();
const supervisor = sessionUser({ officerId: 5, accessType: { accessTypeId: 5, description: 'Supervisor' } });

const row = (officerId: number, lastName: string, total: number, atRisk: boolean) => ({
  id: officerId, officerId, lastName, firstName: 'Pat', precinctId: 1, precinct: '1st Precinct', rankId: 2, rank: 'Sergeant',
  total, threshold: 100, pace: 20.27, atRisk, qualifies: false, atRiskHours: atRisk ? 4 : 0,
});

function reportHandler(asked: URLSearchParams[]) {
  server.use(
    http.get('*/api/losap/progressReport', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json([row(11, 'Adams', 12.5, true), row(12, 'Baker', 40, false)], { headers: { 'X-Total-Count': '2' } });
    }),
  );
}

describe('/Reports/LosapProgress', () => {
  it('lists every officer with total, pace and at risk, filtered from the address and sortable', async () => {
    officerHandlers(server, supervisor);
    const asked: URLSearchParams[] = [];
    reportHandler(asked);
    signIn(supervisor);
    renderInAdmin(<LosapProgressReport />, '/Reports/LosapProgress?year=2026&precinctId=1', { route: '/Reports/LosapProgress' });
    const table = await screen.findByRole('table', { name: 'LOSAP Progress' });
    const adams = (await within(table).findByText('Adams, Pat')).closest('tr')!;
    expect(within(adams).getByText('12.50')).toBeInTheDocument();
    expect(within(adams).getByText('Yes')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0])).toMatchObject({ year: '2026', precinctId: '1', _sort: 'name', _order: 'ASC', _start: '0', _end: '100' });
    await userEvent.click(within(table).getByRole('button', { name: /Sort by Total/i }));
    await waitFor(() => expect(asked.at(-1)?.get('_sort')).toBe('total'));
    await userEvent.click(screen.getByLabelText('Rank'));
    await userEvent.click(await screen.findByRole('option', { name: 'Sergeant' }));
    await waitFor(() => expect(inAdminPath()).toBe('/Reports/LosapProgress?year=2026&precinctId=1&rankId=2'));
    await waitFor(() => expect(asked.at(-1)?.get('rankId')).toBe('2'));
  });

  it('shows cards at 375 px', async () => {
    setScreenWidth(375);
    officerHandlers(server, supervisor);
    reportHandler([]);
    signIn(supervisor);
    renderInAdmin(<LosapProgressReport />, '/Reports/LosapProgress', { route: '/Reports/LosapProgress' });
    expect(await screen.findByText('Adams, Pat (11)')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is not permitted below level 5', async () => {
    officerHandlers(server, sessionUser());
    signIn(sessionUser());
    renderInAdmin(<LosapProgressReport />, '/Reports/LosapProgress', { route: '/Reports/LosapProgress' });
    expect(await screen.findByText('Unauthorized!')).toBeInTheDocument();
  });
});
