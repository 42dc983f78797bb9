import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { TrainingComplianceSearch } from '../../../../src/resources/reports/TrainingComplianceSearch';
import { TrainingComplianceBrowse } from '../../../../src/resources/reports/TrainingComplianceBrowse';
import { TrainingComplianceResults } from '../../../../src/resources/reports/TrainingComplianceResults';
import { eventHandlers, eventRow } from '../events/eventMocks';

const server = startMswServer();
const admin = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });
const supervisor = sessionUser({ officerId: 5, accessType: { accessTypeId: 5, description: 'Supervisor' } });
const training = { eventTypeId: 4, eventTypeDescription: 'Training' };
const EVENTS = [
  eventRow({ eventId: 21, eventName: 'CPR refresher', startDate: '03/10/2026', eventType: training, hasChildren: 'Y' }),
  eventRow({ eventId: 22, eventName: 'Firearms review', startDate: '03/02/2026', eventType: training, hasChildren: 'N', signupCount: 0 }),
  eventRow({ eventId: 23, eventName: 'Radio procedure', startDate: '03/05/2026', eventType: training, hasChildren: 'Y' }),
];
const BROWSE = '/Reports/TrainingComplianceBrowse?eventTypeId=4&precinctId=5&sinceStartDate=03/01/2026&untilStartDate=03/15/2026';

describe('/Reports/TrainingComplianceSearch (spec §2, §5 training compliance filter)', () => {
  it('shows every filter message, then opens the browse with event type 4; Reset empties it', async () => {
    eventHandlers(server, admin, []);
    signIn(admin);
    renderInAdmin(<TrainingComplianceSearch />, '/Reports/TrainingComplianceSearch', { route: '/Reports/TrainingComplianceSearch', others: ['/Reports/TrainingComplianceBrowse'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Training Compliance' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    expect(await screen.findByText('Must enter at least one search criteria!')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Until Date'), '03/01/2026');
    await userEvent.click(submit);
    expect(await screen.findByText('Cannot enter until date without since date!')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Since Date'), '03/10/2026');
    await userEvent.click(submit);
    expect(await screen.findByText('Since date must be <= until date!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await userEvent.click(screen.getByLabelText('Precinct'));
    await userEvent.click(await screen.findByRole('option', { name: '5th Precinct' }));
    await userEvent.click(submit);
    expect(await screen.findByText('Must enter since date!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'MTD' }));
    await userEvent.click(submit);
    await waitFor(() => expect(inAdminPath()).toBe(BROWSE));
  });
});

describe('/Reports/TrainingComplianceBrowse (spec §2 Training Compliance)', () => {
  it('shows precinct, from, thru and the sign-up count; Run Report needs a checked row', async () => {
    const seen = eventHandlers(server, admin, EVENTS);
    signIn(admin);
    renderInAdmin(<TrainingComplianceBrowse />, BROWSE, { route: '/Reports/TrainingComplianceBrowse', others: ['/Reports/TrainingComplianceResults'] });
    expect(await screen.findByText('2 of 3 events have sign-ups')).toBeInTheDocument();
    expect(seen[0].url).toContain('eventTypeId=4');
    expect(screen.getByText('Precinct:').nextSibling).toHaveTextContent('5th Precinct');
    expect(screen.getByText('03/01/2026')).toBeInTheDocument();
    expect(screen.getByText('03/15/2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText('Must check at least one row!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose CPR refresher 03/10/2026' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Radio procedure 03/05/2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    await waitFor(() => expect(inAdminPath()).toBe('/Reports/TrainingComplianceResults?precinctId=5&eventIds=21,23'));
  });

  it('offers no Run Report below level 9, and cards on a phone', async () => {
    eventHandlers(server, supervisor, EVENTS);
    setScreenWidth(375);
    signIn(supervisor);
    renderInAdmin(<TrainingComplianceBrowse />, BROWSE, { route: '/Reports/TrainingComplianceBrowse' });
    const cards = await screen.findByRole('list', { name: 'Training Compliance' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards).getByRole('checkbox', { name: 'Choose CPR refresher 03/10/2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Report' })).not.toBeInTheDocument();
  });
});

describe('/Reports/TrainingComplianceResults (spec §2 Training Compliance)', () => {
  const RESULTS = '/Reports/TrainingComplianceResults?precinctId=5&eventIds=21,23';

  it('lists the chosen events by start date and the officers who attended none of them', async () => {
    eventHandlers(server, admin, EVENTS);
    let body: unknown;
    let asked = '';
    server.use(
      http.post('*/api/events/getNonCompliantOfficers', async ({ request }) => {
        body = await request.json();
        asked = new URL(request.url).search;
        return HttpResponse.json([
          { officerId: 44, lastName: 'Brown', firstName: 'Al', mobile: '516-555-0144' },
          { officerId: 45, lastName: 'Adams', firstName: 'Bea', mobile: null },
        ]);
      }),
    );
    signIn(admin);
    renderInAdmin(<TrainingComplianceResults />, RESULTS, { route: '/Reports/TrainingComplianceResults' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Officers That Did Not Attend Any Of The Following Training Sessions:' })).toBeInTheDocument();
    const chosen = await screen.findByRole('list', { name: 'Chosen training sessions' });
    await waitFor(() => expect(within(chosen).getAllByRole('listitem')).toHaveLength(2));
    const items = within(chosen).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Radio procedure');
    expect(items[1]).toContain('CPR refresher');
    const names = (await screen.findAllByText(/^(Adams|Brown), /)).map((n) => n.textContent);
    expect(names).toEqual(['Adams, Bea', 'Brown, Al']);
    expect(body).toEqual([{ eventId: 21 }, { eventId: 23 }]);
    expect(asked).toBe('?precinctId=5');
    await userEvent.click(screen.getByRole('button', { name: /Sort by name/i }));
    await waitFor(() => expect(screen.getAllByText(/^(Adams|Brown), /).map((n) => n.textContent)).toEqual(['Brown, Al', 'Adams, Bea']));
  });

  it("shows the server's message when no event is chosen, and is not permitted below level 9", async () => {
    eventHandlers(server, admin, EVENTS);
    server.use(
      http.post('*/api/events/getNonCompliantOfficers', () =>
        HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'Must check at least one row!' }, { status: 400 }),
      ),
    );
    signIn(admin);
    const { unmount } = renderInAdmin(<TrainingComplianceResults />, '/Reports/TrainingComplianceResults', { route: '/Reports/TrainingComplianceResults' });
    expect(await screen.findByText('Must check at least one row!')).toBeInTheDocument();
    unmount();
    signIn(supervisor);
    eventHandlers(server, supervisor, EVENTS);
    renderInAdmin(<TrainingComplianceResults />, '/Reports/TrainingComplianceResults?eventIds=21', { route: '/Reports/TrainingComplianceResults' });
    expect(await screen.findByText('Unauthorized!')).toBeInTheDocument();
  });
});
