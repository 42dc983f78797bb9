import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { eventHandlers, eventRow, signupRow } from '../events/eventMocks';
import { SignupList } from '../../../../src/resources/signups/SignupList';

const server = startMswServer();
const ROSTER = [signupRow(12, 'Zimmer', 'Zed'), signupRow(7, 'Doe', 'Jane')];
const supervisor = sessionUser({ officerId: 40, accessType: { accessTypeId: 5, description: 'Supervisor' } });
// the officers of a supervisor's staffing picker
beforeEach(() => server.use(http.get('*/api/officer/getMultiple', () => HttpResponse.json([{ officerId: 0, lastName: '', firstName: '' }]))));

/** The roster page at /EventSignupBrowse{query}, with the event list Back goes to. */
function renderRoster(query: string) {
  return renderInAdmin(<SignupList />, `/EventSignupBrowse${query}`, { others: ['/EventBrowse'] });
}

describe('/EventSignupBrowse roster (spec §2, §4 Signup, §8)', () => {
  it('lists the roster with officer labels and asks before signing up; shows "This roster is full!"', async () => {
    const user = sessionUser({ officerId: 30 });
    eventHandlers(server, user, [eventRow({ eventName: '<i>Parade</i><img src=x onerror=alert(1)>' })], ROSTER);
    let posted: unknown;
    server.use(
      http.post('*/api/signup/insert', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'This roster is full!' }, { status: 409 });
      }),
    );
    signIn(user);
    const { container } = renderRoster('?eventId=5&eventTypeId=1');
    expect(await screen.findByText('A0007')).toBeInTheDocument();
    expect(screen.getByText('A0012')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Doe')).toBeInTheDocument();
    expect(screen.getByTestId('event-status')).toHaveTextContent('Partially Staffed - 3 Slot(s) Available');
    expect(screen.getByTestId('event-name').querySelector('img')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Roster' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove from roster/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign up for Parade?')).toBeInTheDocument();
    expect(posted).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    expect(await screen.findByText('This roster is full!')).toBeInTheDocument();
    expect(posted).toEqual({ event: { eventId: 5 }, officer: { officerId: 30 } });
    await userEvent.click(await screen.findByRole('link', { name: 'Back' }));
    await waitFor(() => expect(inAdminPath()).toBe('/EventBrowse?eventTypeId=1'));
  });

  it('disables Sign Up with "This roster is full!" when the event is fully staffed (defect 6)', async () => {
    const user = sessionUser({ officerId: 30 });
    eventHandlers(server, user, [eventRow({ signupCount: 2, maxOfficers: 2, status: 'Fully Staffed' })], ROSTER);
    signIn(user);
    renderRoster('?eventId=5');
    expect(await screen.findByText('This roster is full!')).toBeInTheDocument();
    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    expect(signUp).toBeDisabled();
    expect(signUp).toHaveAccessibleDescription('This roster is full!');
    expect(screen.getByRole('link', { name: 'Back' })).toBeEnabled();
  });

  it('on a 375-px phone lists the roster as cards: officer id, name, mobile and Remove from roster', async () => {
    eventHandlers(server, supervisor, [eventRow()], [{ ...signupRow(12, 'Zimmer', 'Zed'), hasChildren: 'Y' }, signupRow(7, 'Doe', 'Jane')]);
    setScreenWidth(375);
    signIn(supervisor);
    renderRoster('?eventId=5');
    const cards = await screen.findByRole('list', { name: 'Roster' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [doe, zimmer] = within(cards).getAllByRole('listitem');
    expect(within(doe).getByRole('heading', { name: 'Doe, Jane' })).toBeInTheDocument();
    expect(within(doe).getByText('A0007')).toBeInTheDocument();
    expect(within(doe).getByText('516-555-0101')).toBeInTheDocument();
    expect(within(doe).getByRole('button', { name: 'Remove from roster: (A0007) Doe, Jane' })).toBeInTheDocument();
    expect(within(zimmer).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('event-status')).toHaveTextContent('Partially Staffed - 3 Slot(s) Available');
    expect(screen.getByRole('button', { name: /Sorted by Last Name \(ascending\)/ })).toBeInTheDocument();
  });

  it('shows the overlap message of a 409', async () => {
    const user = sessionUser({ officerId: 30 });
    eventHandlers(server, user, [eventRow()], ROSTER);
    server.use(
      http.post('*/api/signup/insert', () =>
        HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'You are already signed up for another event within this time frame!' }, { status: 409 }),
      ),
    );
    signIn(user);
    renderRoster('?eventId=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    expect(await screen.findByText('You are already signed up for another event within this time frame!')).toBeInTheDocument();
  });

  it('hides Sign Up and Back at level 3', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 3, description: 'Restricted' } });
    eventHandlers(server, user, [eventRow()], ROSTER);
    signIn(user);
    renderRoster('?eventId=5');
    expect(await screen.findByText('A0007')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('lets level 5 remove an officer from the roster after confirming', async () => {
    const user = supervisor;
    eventHandlers(server, user, [eventRow()], ROSTER);
    let removed: { query: string; body: unknown } | undefined;
    server.use(
      http.delete('*/api/signup/delete', async ({ request }) => {
        removed = { query: new URL(request.url).search, body: await request.json() };
        return HttpResponse.json({ deleted: 1 });
      }),
    );
    signIn(user);
    renderRoster('?eventId=5');
    await screen.findByText('A0012');
    const buttons = screen.getAllByRole('button', { name: /Remove from roster/ });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removed).toBeDefined());
    expect(removed).toEqual({ query: '?eventId=5', body: [{ id: 0, deleteStatus: '' }, { id: 12, deleteStatus: 'Y' }] });
  });

  it('asks "Remove (A0007) Doe, Jane from this roster?" before removing, and Cancel removes nobody', async () => {
    eventHandlers(server, supervisor, [eventRow()], ROSTER);
    let removed = false;
    server.use(
      http.delete('*/api/signup/delete', () => {
        removed = true;
        return HttpResponse.json({ deleted: 1 });
      }),
    );
    signIn(supervisor);
    renderRoster('?eventId=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from roster: (A0007) Doe, Jane' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove (A0007) Doe, Jane from this roster?')).toBeInTheDocument();
    expect(within(dialog).queryByText('Are you sure you want to delete the following?')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removed).toBe(false);
    expect(screen.getByText('A0007')).toBeInTheDocument();
  });

  it('disables Sign Up with a note once the event has started', async () => {
    const user = sessionUser({ officerId: 30 });
    eventHandlers(server, user, [eventRow({ startDate: '01/10/2020', endDate: '01/10/2020', startDay: 'Fri', endDay: 'Fri' })], ROSTER);
    signIn(user);
    renderRoster('?eventId=5');
    expect(await screen.findByText('This event has already started. Sign-ups are closed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back' })).toBeEnabled();
  });

  it('disables Sign Up with a note when the user is already on the roster', async () => {
    const user = sessionUser({ officerId: 7 });
    eventHandlers(server, user, [eventRow()], ROSTER);
    signIn(user);
    renderRoster('?eventId=5');
    expect(await screen.findByText('You are signed up for this event.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });

  it('offers no Remove for an officer who logged a time ticket for the event', async () => {
    const user = supervisor;
    eventHandlers(server, user, [eventRow()], [{ ...signupRow(12, 'Zimmer', 'Zed'), hasChildren: 'Y' }, signupRow(7, 'Doe', 'Jane')]);
    signIn(user);
    renderRoster('?eventId=5');
    await screen.findByText('A0012');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Doe')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: /Remove from roster/ })).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: /Remove from roster/ })).not.toBeInTheDocument();
  });

  it('shows the server message when a removal is refused', async () => {
    const user = supervisor;
    eventHandlers(server, user, [eventRow()], ROSTER);
    server.use(
      http.delete('*/api/signup/delete', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'This officer has logged a time ticket for this event and cannot be removed from the roster.' },
          { status: 409 },
        ),
      ),
    );
    signIn(user);
    renderRoster('?eventId=5');
    await screen.findByText('A0012');
    await userEvent.click(screen.getAllByRole('button', { name: /Remove from roster/ })[0]);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    expect(await screen.findByText('This officer has logged a time ticket for this event and cannot be removed from the roster.')).toBeInTheDocument();
  });

  it('names the page and says so when the event does not exist', async () => {
    const user = sessionUser();
    eventHandlers(server, user, [], []);
    signIn(user);
    renderRoster('?eventId=99');
    expect(await screen.findByText('Event not found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Roster' })).toBeInTheDocument();
  });
});
