import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { LosapProgressCard } from '../../../../src/resources/losap/LosapProgressCard';
import { officerHandlers } from '../officers/officerMocks';

const server = startMswServer();
const officer = sessionUser();

const progress = {
  year: 2026, officerId: 7, rule: 'points', unit: 'points', total: 10, threshold: 30, qualifies: false, pace: 15.04, behindPace: true, atRiskHours: 12,
  byCategory: [
    { name: 'Drills', value: 2, cap: 2, capped: true },
    { name: 'Patrol', value: 3, cap: 20, capped: false },
  ],
};

describe('LosapProgressCard', () => {
  it('shows the year’s figure, a labelled bar, the pace, the hours at risk and each category', async () => {
    officerHandlers(server, officer);
    let asked = '';
    server.use(
      http.get('*/api/losap/progress', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json(progress);
      }),
    );
    signIn(officer);
    renderInAdmin(<LosapProgressCard />);
    expect(await screen.findByText('10 of 30 points this year')).toBeInTheDocument();
    expect(asked).toBe('');
    const bar = screen.getByRole('progressbar', { name: 'LOSAP progress: 33 percent of the year’s threshold' });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('Behind pace: 15.04 expected by today')).toBeInTheDocument();
    expect(screen.getByText('12 hours at risk: flagged tickets do not count until corrected.')).toBeInTheDocument();
    expect(screen.getByText('2 (capped at 2)')).toBeInTheDocument();
    expect(screen.getByText('Patrol:')).toBeInTheDocument();
    // his way back to last year's record once the year-end notice is gone
    expect(await screen.findByRole('link', { name: 'My LOSAP year 2025' })).toHaveAttribute('href', expect.stringContaining('/MyLosapYear?year=2025'));
  });

  it('says On pace for an officer ahead of the pace, for the officer and year asked', async () => {
    officerHandlers(server, sessionUser({ officerId: 5, accessType: { accessTypeId: 5, description: 'Supervisor' } }));
    let asked = '';
    server.use(
      http.get('*/api/losap/progress', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ ...progress, rule: 'hours', unit: 'hours', total: 60.5, threshold: 100, pace: 50.14, behindPace: false, atRiskHours: 0, byCategory: [] });
      }),
    );
    signIn(sessionUser({ officerId: 5, accessType: { accessTypeId: 5, description: 'Supervisor' } }));
    renderInAdmin(<LosapProgressCard officerId={12} year={2026} />);
    expect(await screen.findByText('60.50 of 100 hours in 2026')).toBeInTheDocument();
    expect(asked).toBe('?officerId=12&year=2026');
    expect(screen.getByText('On pace')).toBeInTheDocument();
    expect(screen.queryByText(/hours at risk/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /My LOSAP year/ })).not.toBeInTheDocument();
  });

  it('says so when the progress cannot be loaded', async () => {
    officerHandlers(server, officer);
    server.use(http.get('*/api/losap/progress', () => HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Unauthorized!' }, { status: 403 })));
    signIn(officer);
    renderInAdmin(<LosapProgressCard />);
    expect(await screen.findByText('The LOSAP progress could not be loaded.')).toBeInTheDocument();
  });
});
