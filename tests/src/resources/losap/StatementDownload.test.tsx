import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { LosapProgressCard } from '../../../../src/resources/losap/LosapProgressCard';
import { LosapProgressReport } from '../../../../src/resources/losap/LosapProgressReport';
import { officerHandlers } from '../officers/officerMocks';

const server = startMswServer();
const officer = sessionUser();
const chief = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });
const supervisor = sessionUser({ officerId: 5, accessType: { accessTypeId: 5, description: 'Supervisor' } });
const progress = { year: 2026, officerId: officer.officerId, rule: 'hours', unit: 'hours', total: 22, threshold: 100, qualifies: false, pace: 50, behindPace: true, atRiskHours: 0, byCategory: [] };
const row = (officerId: number, lastName: string) => ({
  id: officerId, officerId, lastName, firstName: 'Pat', precinctId: 1, precinct: '1st Precinct', rankId: 2, rank: 'Sergeant',
  total: 10, threshold: 100, pace: 20, atRisk: true, qualifies: false, atRiskHours: 0,
});

/** What the page hands the browser to save: the file names. */
function captureSaves(): string[] {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** A file answer with the server's file name. */
const file = (type: string, name: string) => new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` } });

afterEach(() => vi.restoreAllMocks());

describe('LOSAP statement downloads', () => {
  it('saves his own year’s statement from the progress card, under the server’s name', async () => {
    officerHandlers(server, officer);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/losap/progress', () => HttpResponse.json(progress)),
      http.get('*/api/losap/statement', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return file('application/pdf', 'losap-statement-2026-A0007.pdf');
      }),
    );
    const saved = captureSaves();
    signIn(officer);
    renderInAdmin(<LosapProgressCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download statement (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['losap-statement-2026-A0007.pdf']));
    expect(asked[0].get('officerId')).toBe(String(officer.officerId));
    expect(asked[0].get('year')).toBe('2026');
  });

  it('offers no statement of another officer below level 9', async () => {
    officerHandlers(server, supervisor);
    server.use(http.get('*/api/losap/progress', () => HttpResponse.json({ ...progress, officerId: 12 })));
    signIn(supervisor);
    renderInAdmin(<LosapProgressCard officerId={12} year={2026} />);
    expect(await screen.findByText('22 of 100 hours in 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download statement (PDF)' })).not.toBeInTheDocument();
  });

  it('gives level 9 the year’s ZIP and each row’s statement on the LOSAP Progress report', async () => {
    officerHandlers(server, chief);
    const asked: string[] = [];
    server.use(
      http.get('*/api/losap/progressReport', () => HttpResponse.json([row(11, 'Adams'), row(12, 'Baker')], { headers: { 'X-Total-Count': '2' } })),
      http.get('*/api/losap/statements', ({ request }) => {
        asked.push(new URL(request.url).search);
        return file('application/zip', 'losap-statements-2026.zip');
      }),
      http.get('*/api/losap/statement', ({ request }) => {
        asked.push(new URL(request.url).search);
        return file('application/pdf', 'losap-statement-2026-A0012.pdf');
      }),
    );
    const saved = captureSaves();
    signIn(chief);
    renderInAdmin(<LosapProgressReport />, '/Reports/LosapProgress?year=2026&precinctId=1', { route: '/Reports/LosapProgress' });
    const table = await screen.findByRole('table', { name: 'LOSAP Progress' });
    await userEvent.click(await screen.findByRole('button', { name: 'Statements (ZIP)' }));
    await waitFor(() => expect(saved).toEqual(['losap-statements-2026.zip']));
    await userEvent.click(within(table).getByRole('button', { name: 'Statement of Baker, Pat (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['losap-statements-2026.zip', 'losap-statement-2026-A0012.pdf']));
    expect(new URLSearchParams(asked[0]).get('precinctId')).toBe('1');
    expect(new URLSearchParams(asked[1]).get('officerId')).toBe('12');
  });
});
