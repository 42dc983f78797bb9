import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startMswServer } from '../../msw';
import { sessionUser } from '../../fixtures';
import { currentPath, renderApp, signIn } from '../../renderApp';
import { eventHandlers, eventRow } from './eventMocks';
import { eventsWindowSince } from '../../../../src/resources/events/eventQuery';
import { todayIn } from '../../../../src/domain/dates';

const server = startMswServer();
const QUERY = '?eventTypeId=1&sinceStartDate=05/01/2030';
const admin = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });

describe('/EventLandingPage (spec §2)', () => {
  it('goes on to /EventBrowse with the type and a since date one month back', async () => {
    const user = sessionUser();
    eventHandlers(server, user, []);
    signIn(user);
    renderApp('/EventLandingPage?eventTypeId=4');
    expect(await screen.findByText('Training', { selector: 'h1, h2, h6, span' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/EventBrowse?eventTypeId=4&sinceStartDate=${eventsWindowSince(todayIn('America/New_York'))}`);
  });
});

describe('/EventBrowse (spec §2 Events, §4 status)', () => {
  it('shows the staffing status, signed-up count, and a sanitised HTML name', async () => {
    const user = sessionUser();
    const seen = eventHandlers(server, user, [
      eventRow({ eventId: 5 }),
      eventRow({ eventId: 6, eventName: '<b>Parade</b><img src=x onerror=alert(1)>', signupCount: 0, status: 'UNCOVERED' }),
      eventRow({ eventId: 7, eventName: 'Range day', eventType: { eventTypeId: 4, eventTypeDescription: 'Training' }, signupCount: 2, maxOfficers: 2, status: 'Full' }),
    ]);
    signIn(user);
    const { container } = renderApp(`/EventBrowse${QUERY}`);
    expect(await screen.findByText('Holiday traffic detail')).toBeInTheDocument();
    expect(screen.getByText('Partially Staffed - 3 Slot(s) Available')).toBeInTheDocument();
    expect(screen.getByText('UNCOVERED')).toBeInTheDocument();
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.getByText('1 of 4')).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Parade').tagName).toBe('B');
    expect(container.querySelector('img[onerror]')).toBeNull();
    const table = screen.getByText('Parade').closest('table')!;
    expect(table.querySelectorAll('img')).toHaveLength(0);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Start', 'End', 'Location', 'PCT', 'Precinct Name', '#Officers Signed Up', 'Status', 'Roster']);
    // level 1: names are not links, no Add or Remove
    expect(screen.queryByRole('link', { name: 'Holiday traffic detail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    const rosterLinks = screen.getAllByRole('link', { name: 'Roster' });
    expect(rosterLinks[0].getAttribute('href')).toBe('/secure/EventSignupBrowse?eventId=5&eventTypeId=1&sinceStartDate=05%2F01%2F2030');
    expect(new URL(seen[0].url).searchParams.get('eventTypeId')).toBe('1');
    expect(new URL(seen[0].url).searchParams.get('sinceStartDate')).toBe('05/01/2030');
  });

  it('at level 9 links names to the edit page with the query and offers Add and Remove', async () => {
    eventHandlers(server, admin, [eventRow({ eventId: 5, hasChildren: 'N', signupCount: 0, status: 'UNCOVERED' }), eventRow({ eventId: 6, eventName: 'Busy' })]);
    signIn(admin);
    renderApp(`/EventBrowse${QUERY}`);
    const link = await screen.findByRole('link', { name: 'Holiday traffic detail' });
    expect(link.getAttribute('href')).toBe('/secure/EventEdit/5?eventTypeId=1&sinceStartDate=05%2F01%2F2030');
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const busyRow = rows.find((r) => within(r).queryByText('Busy'))!;
    expect(within(busyRow).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Remove/ })).toHaveLength(1);
  });

  it("titles the restricted user's list 'Detail List'", async () => {
    const user = sessionUser({ accessType: { accessTypeId: 3, description: 'Restricted' } });
    eventHandlers(server, user, [eventRow()]);
    signIn(user);
    renderApp(`/EventBrowse?eventTypeId=1`);
    expect(await screen.findByText('Holiday traffic detail')).toBeInTheDocument();
    expect(screen.getAllByText('Detail List').length).toBeGreaterThan(0);
  });
});
