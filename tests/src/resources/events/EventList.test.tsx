import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { eventHandlers, eventRow, gatedRemoval } from './eventMocks';
import { EventList } from '../../../../src/resources/events/EventList';
import { EventLandingPage } from '../../../../src/resources/events/EventLandingPage';

const server = startMswServer();
const QUERY = '?eventTypeId=1&sinceStartDate=05/01/2030';
const admin = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });
const restricted = sessionUser({ accessType: { accessTypeId: 3, description: 'Restricted' } });

describe('/EventLandingPage (spec §2, §4 events date window)', () => {
  it("goes on to /EventBrowse with the type and a since date one month before the server's today", async () => {
    const user = sessionUser();
    eventHandlers(server, user, []);
    signIn(user);
    renderInAdmin(<EventLandingPage />, '/EventLandingPage?eventTypeId=4', { others: ['/EventBrowse'] });
    expect(await screen.findByText('Page /EventBrowse')).toBeInTheDocument();
    // the tests' server today is 03/15/2026
    expect(inAdminPath()).toBe('/EventBrowse?eventTypeId=4&sinceStartDate=02/15/2026');
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
    const { container } = renderInAdmin(<EventList />, `/EventBrowse${QUERY}`);
    expect(await screen.findByText('Holiday traffic detail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Details' })).toBeInTheDocument();
    expect(screen.getByText('Partially Staffed - 3 Slot(s) Available')).toBeInTheDocument();
    expect(screen.getByText('UNCOVERED')).toBeInTheDocument();
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.getByText('1 of 4')).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Parade').tagName).toBe('B');
    expect(container.querySelector('img')).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Start', 'End', 'Location', 'PCT', 'Precinct Name', '#Officers Signed Up', 'Status', 'Incentive Hours', 'Roster']);
    // every level sees what the event is about and what it earns
    const detailRow = screen.getByText('Holiday traffic detail').closest('tr')!;
    expect(within(detailRow).getByText('Direct traffic.')).toBeInTheDocument();
    expect(within(detailRow).getByText('1.00')).toBeInTheDocument();
    // level 1: names are not links, no Add or Remove, but Search
    expect(screen.queryByRole('link', { name: 'Holiday traffic detail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search' })).toBeInTheDocument();
    const roster = screen.getByRole('link', { name: 'Roster: Holiday traffic detail' });
    expect(roster.getAttribute('href')).toBe('/EventSignupBrowse?eventId=5&eventTypeId=1&sinceStartDate=05%2F01%2F2030');
    expect(new URL(seen[0].url).searchParams.get('eventTypeId')).toBe('1');
    expect(new URL(seen[0].url).searchParams.get('sinceStartDate')).toBe('05/01/2030');
  });

  it('at level 9 links names to the edit page with the query and offers Add and Remove', async () => {
    eventHandlers(server, admin, [eventRow({ eventId: 5, hasChildren: 'N', signupCount: 0, status: 'UNCOVERED' }), eventRow({ eventId: 6, eventName: 'Busy' })]);
    signIn(admin);
    renderInAdmin(<EventList />, `/EventBrowse${QUERY}`);
    const link = await screen.findByRole('link', { name: 'Holiday traffic detail' });
    expect(link.getAttribute('href')).toBe('/EventEdit/5?eventTypeId=1&sinceStartDate=05%2F01%2F2030');
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
    const busyRow = screen.getByRole('link', { name: 'Busy' }).closest('tr')!;
    expect(within(busyRow).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Remove/ })).toHaveLength(1);
  });

  it('Add from the Special list opens the add form with the Special type in its query (defect 5)', async () => {
    eventHandlers(server, admin, []);
    signIn(admin);
    renderInAdmin(<EventList />, '/EventBrowse?eventTypeId=11&sinceStartDate=05/01/2030', { others: ['/EventEdit'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Special' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: 'Add' }));
    expect(await screen.findByText('Page /EventEdit')).toBeInTheDocument();
    expect(inAdminPath()).toBe('/EventEdit?eventTypeId=11&sinceStartDate=05/01/2030');
  });

  it("titles the restricted user's list 'Detail List', lists details only and offers no Search or Add (spec §6)", async () => {
    const seen = eventHandlers(server, restricted, [eventRow()]);
    signIn(restricted);
    renderInAdmin(<EventList />, '/EventBrowse?eventTypeId=4');
    expect(await screen.findByText('Holiday traffic detail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Detail List' })).toBeInTheDocument();
    expect(screen.getByText('Direct traffic.')).toBeInTheDocument();
    expect(seen.map((r) => new URL(r.url).searchParams.get('eventTypeId'))).toEqual(['1']);
    expect(screen.queryByRole('link', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    // his one menu entry stays: the calendar is a view of this list
    expect(screen.getByRole('link', { name: 'Calendar view' })).toHaveAttribute('href', '/EventCalendar');
  });

  it('strikes a removed event through, then drops it (spec §2 list behaviour)', async () => {
    eventHandlers(server, admin, []);
    const removal = gatedRemoval(server, {
      list: '*/api/events/getMultiple',
      remove: '*/api/events/delete',
      rows: [eventRow({ eventId: 5, hasChildren: 'N', signupCount: 0, status: 'UNCOVERED' }), eventRow({ eventId: 6, eventName: 'Busy' })],
      idOf: (e) => e.eventId,
      head: [{ ...eventRow(), eventId: 0, eventName: '' }],
    });
    signIn(admin);
    renderInAdmin(<EventList />, `/EventBrowse${QUERY}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Holiday traffic detail' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete the following?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removal.removed()).toEqual([{ id: 0, deleteStatus: '' }, { id: 5, deleteStatus: 'Y' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('link', { name: 'Holiday traffic detail' }).closest('tr')!;
    await waitFor(() => expect(getComputedStyle(row).textDecoration).toContain('line-through'));
    expect(within(row).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    removal.release();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Holiday traffic detail' })).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByText('Busy')).toBeInTheDocument();
  });

  it("shows the server's refusal of a removal and keeps the row", async () => {
    eventHandlers(server, admin, [eventRow({ eventId: 5, hasChildren: 'N', signupCount: 0, status: 'UNCOVERED' })]);
    server.use(
      http.delete('*/api/events/delete', () =>
        HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'This event has sign-ups or time tickets and cannot be removed.' }, { status: 409 }),
      ),
    );
    signIn(admin);
    renderInAdmin(<EventList />, `/EventBrowse${QUERY}`);
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    expect(await screen.findByText('This event has sign-ups or time tickets and cannot be removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('link', { name: 'Holiday traffic detail' }).closest('tr')!;
    expect(getComputedStyle(row).textDecoration).not.toContain('line-through');
  });

  it('on a 375-px phone lists events as cards: name, start–end, location, status, signed up, Roster and Remove', async () => {
    eventHandlers(server, admin, [
      eventRow({ eventId: 5, hasChildren: 'N', signupCount: 0, status: 'UNCOVERED' }),
      eventRow({ eventId: 6, eventName: '<i>Night</i> patrol', startDate: '06/02/2030', startTime: '22:00', endDate: '06/03/2030', endTime: '02:00' }),
    ]);
    setScreenWidth(375);
    signIn(admin);
    renderInAdmin(<EventList />, `/EventBrowse${QUERY}`);
    const cards = await screen.findByRole('list', { name: 'Details' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = within(cards).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Holiday traffic detail' })).toHaveAttribute('href', '/EventEdit/5?eventTypeId=1&sinceStartDate=05%2F01%2F2030');
    expect(within(first).getByText('06/01/2030 08:00 – 16:00')).toBeInTheDocument();
    expect(within(first).getByText('Roosevelt Field')).toBeInTheDocument();
    expect(within(first).getByText('UNCOVERED')).toBeInTheDocument();
    expect(within(first).getByText('0 of 4')).toBeInTheDocument();
    expect(within(first).getByText('Incentive Hours:').nextElementSibling).toHaveTextContent('1.00');
    expect(within(first).getByText('Description:').nextElementSibling).toHaveTextContent('Direct traffic.');
    expect(within(first).getByRole('link', { name: 'Roster: Holiday traffic detail' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Remove Holiday traffic detail' })).toBeInTheDocument();
    expect(within(second).getByText('Night').tagName).toBe('I');
    expect(within(second).getByText('06/02/2030 22:00 – 06/03/2030 02:00')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sorted by Start \(ascending\)/ })).toBeInTheDocument();
  });

  it('Upcoming narrows the window to events from today on; at a desk it starts off', async () => {
    const user = sessionUser();
    const seen = eventHandlers(server, user, [eventRow()]);
    signIn(user);
    renderInAdmin(<EventList />, '/EventBrowse?eventTypeId=1&sinceStartDate=02/15/2026');
    expect(await screen.findByText('Holiday traffic detail')).toBeInTheDocument();
    const upcoming = screen.getByRole('button', { name: 'Upcoming' });
    expect(upcoming).toHaveAttribute('aria-pressed', 'false');
    expect(new URL(seen[seen.length - 1].url).searchParams.get('sinceStartDate')).toBe('02/15/2026');
    await userEvent.click(upcoming);
    expect(upcoming).toHaveAttribute('aria-pressed', 'true');
    // the tests' server today is 03/15/2026
    await waitFor(() => expect(new URL(seen[seen.length - 1].url).searchParams.get('sinceStartDate')).toBe('03/15/2026'));
    expect(new URL(seen[seen.length - 1].url).searchParams.get('eventTypeId')).toBe('1');
    // the roster link keeps the list's own window for the way back
    expect(screen.getByRole('link', { name: 'Roster: Holiday traffic detail' }).getAttribute('href')).toContain('sinceStartDate=02%2F15%2F2026');
    await userEvent.click(upcoming);
    await waitFor(() => expect(new URL(seen[seen.length - 1].url).searchParams.get('sinceStartDate')).toBe('02/15/2026'));
  });

  it('on a phone opens at today\'s events: Upcoming starts on', async () => {
    const user = sessionUser();
    const seen = eventHandlers(server, user, [eventRow()]);
    setScreenWidth(375);
    signIn(user);
    renderInAdmin(<EventList />, '/EventBrowse?eventTypeId=1&sinceStartDate=02/15/2026');
    expect(await screen.findByRole('list', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upcoming' })).toHaveAttribute('aria-pressed', 'true');
    expect(seen.map((r) => new URL(r.url).searchParams.get('sinceStartDate'))).toEqual(['03/15/2026']);
  });

  it('offers no Upcoming for a window that ended before today', async () => {
    const user = sessionUser();
    eventHandlers(server, user, [eventRow()]);
    signIn(user);
    renderInAdmin(<EventList />, '/EventBrowse?sinceStartDate=01/01/2026&untilStartDate=02/28/2026');
    expect(await screen.findByText('Holiday traffic detail')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upcoming' })).not.toBeInTheDocument();
  });
});
