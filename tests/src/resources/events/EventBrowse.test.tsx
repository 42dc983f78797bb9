import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
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
    // Level 3 has only the Detail List (spec §6): no way to the event search.
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('strikes a removed event through, then drops it (spec §2 list behaviour)', async () => {
    let remaining = [eventRow({ eventId: 5, hasChildren: 'N', signupCount: 0, status: 'UNCOVERED' }), eventRow({ eventId: 6, eventName: 'Busy' })];
    eventHandlers(server, admin, []);
    let removed: unknown;
    // the list's reload after a removal waits for the test, so the struck row is seen whatever the timing
    let release = () => {};
    const reloadGate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/events/getMultiple', async () => {
        if (removed) await reloadGate;
        return HttpResponse.json([{ ...eventRow(), eventId: 0, eventName: '' }, ...remaining]);
      }),
      http.delete('*/api/events/delete', async ({ request }) => {
        removed = await request.json();
        remaining = remaining.filter((e) => e.eventId !== 5);
        return HttpResponse.json({ deleted: 1 });
      }),
    );
    signIn(admin);
    renderApp(`/EventBrowse${QUERY}`);
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete the following?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removed).toEqual([{ id: 0, deleteStatus: '' }, { id: 5, deleteStatus: 'Y' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('link', { name: 'Holiday traffic detail' }).closest('tr')!;
    await waitFor(() => expect(getComputedStyle(row).textDecoration).toContain('line-through'));
    expect(within(row).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    release();
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
    renderApp(`/EventBrowse${QUERY}`);
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    expect(await screen.findByText('This event has sign-ups or time tickets and cannot be removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('link', { name: 'Holiday traffic detail' }).closest('tr')!;
    expect(getComputedStyle(row).textDecoration).not.toContain('line-through');
  });
});
