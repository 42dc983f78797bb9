import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { eventHandlers, eventRow } from './eventMocks';
import type { EventJson } from '../../../../src/domain/schemas/events';
import { EventEdit } from '../../../../src/resources/events/EventEdit';

const server = startMswServer();
const admin = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });
const QUERY = '?eventTypeId=1&sinceStartDate=05/01/2030';

/** The add (no id) or edit page at `path`, with the event list it returns to. */
function renderEdit(path: string) {
  return renderInAdmin(<EventEdit />, path, { route: path.startsWith('/EventEdit/') ? '/EventEdit/:id' : '/EventEdit', others: ['/EventBrowse'] });
}

async function openAndSave(record: EventJson) {
  eventHandlers(server, admin, [record]);
  signIn(admin);
  renderEdit(`/EventEdit/${record.eventId}${QUERY}`);
  await screen.findByDisplayValue(record.eventName || 'Direct traffic.');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('/EventEdit form messages (spec §5 event edit)', () => {
  it('shows the required messages on an empty add form (from a list of no single event type)', async () => {
    eventHandlers(server, admin, []);
    signIn(admin);
    renderEdit('/EventEdit?sinceStartDate=05/01/2030');
    await screen.findByLabelText('Event Name');
    expect(screen.getByLabelText('Event Type')).not.toHaveTextContent(/Details|Training|Administrative|Special/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Event name is required')).toBeInTheDocument();
    expect(screen.getByText('Event Type Required!')).toBeInTheDocument();
    expect(screen.getByText('Location Required!')).toBeInTheDocument();
    expect(screen.getAllByText('date is required')).toHaveLength(2);
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    expect(screen.getByText('Max officers must be > 0!')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    // every input is labelled
    for (const label of ['Event Name', 'Event Type', 'Location', 'Precinct', 'Start Date', 'Start Time', 'End Date', 'End Time', 'Max Officers', 'Incentive Hours', 'Description']) {
      expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
    }
  });

  it.each([
    [{ endDate: '05/31/2030' }, 'End Date must be after Start Date!'],
    [{ endTime: '07:00' }, 'End Time must be after Start Time!'],
    [{ endDate: '06/02/2030', endTime: '09:00' }, 'Event cannot be in excess of 24 hours!'],
    [{ startTime: '08:10' }, 'Time must be in 15 minute increments!'],
    [{ maxOfficers: 0 }, 'Max officers must be > 0!'],
    [{ incentiveHours: -1 }, 'Incentive hours must be 0 or more'],
    [{ description: 'Caf\u00e9 duty' }, 'Description has non-ASCII characters. Please remove!'],
    [{ maxOfficers: 1, signupCount: 2 }, 'Max officers cannot be less than the 2 officers already signed up.'],
    [
      { startDate: '03/08/2026', endDate: '03/08/2026', startTime: '02:30', endTime: '04:00' },
      'This time does not exist on that date because the clocks go forward. Please choose another time.',
    ],
  ] as Array<[Partial<EventJson>, string]>)('shows "%s" -> %s', async (over, message) => {
    await openAndSave(eventRow({ eventName: 'Holiday traffic detail', ...over }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows the precinct of the location and saves only the input fields, then returns to the list with the query', async () => {
    let body: Record<string, unknown> | undefined;
    eventHandlers(server, admin, [eventRow()]);
    server.use(
      http.put('*/api/events/update', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(eventRow({ eventName: String(body.eventName) }));
      }),
    );
    signIn(admin);
    renderEdit(`/EventEdit/5${QUERY}`);
    const name = await screen.findByDisplayValue('Holiday traffic detail');
    await waitFor(() => expect(screen.getByLabelText('Precinct')).toHaveValue('5th Precinct'), { timeout: 5000 });
    await userEvent.clear(name);
    await userEvent.type(name, '  Parade detail  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({
      eventId: 5,
      eventName: 'Parade detail',
      eventType: { eventTypeId: 1 },
      location: { locationId: 3 },
      startDate: '06/01/2030',
      startTime: '08:00',
      endDate: '06/01/2030',
      endTime: '16:00',
      maxOfficers: 4,
      incentiveHours: 1,
      description: 'Direct traffic.',
    });
    expect(await screen.findByText('Event saved.')).toBeInTheDocument();
    expect(screen.queryByText(/Element (created|updated)/)).not.toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/EventBrowse?eventTypeId=1&sinceStartDate=05/01/2030'));
  });

  it('refuses the form below level 9 with the not-permitted page and no form', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 5, description: 'Supervisor' } });
    eventHandlers(server, user, [eventRow()]);
    signIn(user);
    renderEdit('/EventEdit/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Event Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('adding from the Special list starts with the Special event type chosen (defect 5), and saves it', async () => {
    let body: Record<string, unknown> | undefined;
    eventHandlers(server, admin, []);
    server.use(
      http.post('*/api/events/insert', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(eventRow({ eventId: 40, eventType: { eventTypeId: 11, eventTypeDescription: 'Special' } }), { status: 201 });
      }),
    );
    signIn(admin);
    renderEdit('/EventEdit?eventTypeId=11&sinceStartDate=05/01/2030');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Event' })).toBeInTheDocument();
    // the event types arrive from the cached lookup; the list's type is then shown as chosen
    await waitFor(() => expect(screen.getByLabelText('Event Type')).toHaveTextContent('Special'), { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Event Name'), 'Parade');
    await userEvent.click(screen.getByLabelText('Location'));
    await userEvent.click(await screen.findByRole('option', { name: 'Roosevelt Field (Garden City)' }));
    for (const [label, value] of [['Start Date', '06/01/2030'], ['Start Time', '08:00'], ['End Date', '06/01/2030'], ['End Time', '12:00']]) {
      await userEvent.type(screen.getByLabelText(label), value);
    }
    await userEvent.type(screen.getByLabelText('Max Officers'), '3');
    await userEvent.type(screen.getByLabelText('Description'), 'March.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ eventName: 'Parade', eventType: { eventTypeId: 11 }, location: { locationId: 3 }, startTime: '08:00', endTime: '12:00', maxOfficers: 3 });
    expect(await screen.findByText('Event saved.')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/EventBrowse?eventTypeId=11&sinceStartDate=05/01/2030'));
  });

  it('on a 375-px phone shows the form one field under the other with Save and Back', async () => {
    eventHandlers(server, admin, [eventRow()]);
    setScreenWidth(375);
    signIn(admin);
    renderEdit(`/EventEdit/5${QUERY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
    await screen.findByDisplayValue('Holiday traffic detail');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(inAdminPath()).toBe('/EventBrowse?eventTypeId=1&sinceStartDate=05/01/2030'));
  });

  it('locks the event type, incentive hours and times of an event with time tickets, and says why', async () => {
    eventHandlers(server, admin, [eventRow({ hasChildren: 'Y', hasTickets: 'Y' })]);
    signIn(admin);
    renderEdit(`/EventEdit/5${QUERY}`);
    await screen.findByDisplayValue('Holiday traffic detail');
    expect(screen.getByText(/This event has sign-ups or time tickets: its event type, precinct and incentive hours cannot be changed\./)).toHaveTextContent(
      'This event has time tickets: its start and end cannot be changed either.',
    );
    expect(screen.getByLabelText('Incentive Hours')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Start Date')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('End Time')).toHaveAttribute('readonly');
    await userEvent.click(screen.getByLabelText('Event Type'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => (o.textContent ?? '').trim()).filter(Boolean)).toEqual(['Details']);
  });

  it('leaves an event without sign-ups or tickets open to every change', async () => {
    eventHandlers(server, admin, [eventRow({ hasChildren: 'N', hasTickets: 'N', signupCount: 0 })]);
    signIn(admin);
    renderEdit(`/EventEdit/5${QUERY}`);
    await screen.findByDisplayValue('Holiday traffic detail');
    expect(screen.queryByText(/cannot be changed/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Incentive Hours')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Start Date')).not.toHaveAttribute('readonly');
  });

  it("shows the server's refusal of a change and stays on the form", async () => {
    eventHandlers(server, admin, [eventRow()]);
    server.use(
      http.put('*/api/events/update', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'This event has sign-ups or time tickets, so its event type cannot be changed.' },
          { status: 409 },
        ),
      ),
    );
    signIn(admin);
    renderEdit(`/EventEdit/5${QUERY}`);
    await screen.findByDisplayValue('Holiday traffic detail');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This event has sign-ups or time tickets, so its event type cannot be changed.')).toBeInTheDocument();
    expect(inAdminPath()).toBe(`/EventEdit/5${QUERY}`);
  });
});
