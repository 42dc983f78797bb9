import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer, describeRequest, type SeenRequest } from '../../msw';
import { sessionUser } from '../../fixtures';
import { signIn } from '../../renderApp';
import { inAdminPath, renderInAdmin } from '../../renderInAdmin';
import { TicketEdit } from '../../../../src/resources/tickets/TicketEdit';
import { ticket, ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();
const QUERY = '?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';

const detailEvent = {
  eventId: 9, eventName: 'Parade', startDate: '03/10/2026', startTime: '08:00', endDate: '03/10/2026', endTime: '12:00', eventType: { eventTypeId: 1 },
  location: { precinct: { precinctId: 3, description: '3rd Precinct' } }, eventFullDescription: 'D: 03 Parade 03/10/2026 08:00', incentiveHours: 2,
};

/** The ticket form at `path` (add or edit), with the list and home as the pages it may go to. */
function renderEdit(path: string) {
  return renderInAdmin(<TicketEdit />, path, { route: path.includes('/TimeTicketEdit/') ? '/TimeTicketEdit/:paramId' : '/TimeTicketEdit', others: ['/TimeTicketBrowse', '/'] });
}

describe('/TimeTicketEdit (spec §2, §5)', () => {
  it('shows the field messages and does not save', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    server.use(http.get('*/api/timeTickets/getSingle/5', () => HttpResponse.json(ticket({ hoursWorkedId: 5, description: '' }))));
    signIn(user);
    renderEdit(`/TimeTicketEdit/5${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Time Ticket' })).toBeInTheDocument();
    expect(await screen.findByText('(A0007) Doe, Jane', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description is required.')).toBeInTheDocument();
    expect(inAdminPath()).toBe(`/TimeTicketEdit/5${QUERY}`);
  });

  it('add: an empty save shows the field messages under their inputs', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    signIn(user);
    renderEdit(`/TimeTicketEdit${QUERY}`);
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
    await userEvent.click(save);
    expect(await screen.findByText('Must select assignment type')).toBeInTheDocument();
    expect(screen.getByText('Must select precinct')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('(A0007) Doe, Jane')).toBeInTheDocument();
  });

  it('offers no assignment type 5, shows the event messages and the incentive hint', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    server.use(
      http.get('*/api/timeTickets/getSingle/6', () =>
        HttpResponse.json(ticket({ hoursWorkedId: 6, assignmentType: { assignmentTypeId: 1, description: 'Detail' }, event: { eventId: 0, eventName: null, incentiveHours: 0 } })),
      ),
      http.get('*/api/events/getMultiple', () => HttpResponse.json([{ eventId: 0 }, detailEvent])),
    );
    signIn(user);
    renderEdit(`/TimeTicketEdit/6${QUERY}`);
    expect(await screen.findByText('Must select event for selected assignment type', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Incentive hours are added automatically/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Assignment Type' }));
    expect(await screen.findByRole('option', { name: 'Patrol' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'LOSAP Adjustment' })).not.toBeInTheDocument();
  });

  it('sends the insert body, shows the server message on refusal, and returns to the list on success', async () => {
    // the server's overlap refusal: the spec's message, then the ticket in the way, shown whole
    const OVERLAP_REFUSAL = 'You already have existing tickets within this time frame! It overlaps your ticket of 03/14/2026 06:00 to 09:00 (Patrol).';
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    const seen: SeenRequest[] = [];
    let refuse = true;
    server.use(
      http.get('*/api/timeTickets/getSingle/8', () => HttpResponse.json(ticket({ hoursWorkedId: 8, startDate: '03/14/2026', endDate: '03/14/2026' }))),
      http.put('*/api/timeTickets/update', async ({ request }) => {
        seen.push(await describeRequest(request));
        if (refuse) return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: OVERLAP_REFUSAL }, { status: 409 });
        return HttpResponse.json(ticket({ hoursWorkedId: 8 }));
      }),
    );
    signIn(user);
    renderEdit(`/TimeTicketEdit/8${QUERY}`);
    const reports = await screen.findByRole('textbox', { name: 'Reports' }, { timeout: 5000 });
    await userEvent.clear(reports);
    await userEvent.type(reports, '007');
    expect(reports).toHaveValue('7');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(OVERLAP_REFUSAL)).toBeInTheDocument();
    expect(seen[0].body).toMatchObject({ hoursWorkedId: 8, officer: { officerId: 7 }, reports: 7, startDate: '03/14/2026', travelHours: 0 });
    expect(seen[0].body).not.toHaveProperty('auditComments');
    expect(seen[0].body).not.toHaveProperty('flaggedBy');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(inAdminPath()).toBe(`/TimeTicketBrowse${QUERY}`));
  });

  it('refuses a tour still running by the server clock, before sending it', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals(), '2026-03-15T14:00:00.000Z'); // 10:00 in New York
    const sent: SeenRequest[] = [];
    let clockAsked = false;
    server.use(
      http.get('*/api/health', () => {
        clockAsked = true;
        return HttpResponse.json({ status: 'ok', database: 'pglite', time: '2026-03-15T14:00:00.000Z' });
      }),
      http.get('*/api/timeTickets/getSingle/11', () => HttpResponse.json(ticket({ hoursWorkedId: 11, startDate: '03/15/2026', endDate: '03/15/2026', startTime: '08:00', endTime: '12:00' }))),
      http.put('*/api/timeTickets/update', async ({ request }) => {
        sent.push(await describeRequest(request));
        return HttpResponse.json(ticket({ hoursWorkedId: 11 }));
      }),
    );
    signIn(user);
    renderEdit(`/TimeTicketEdit/11${QUERY}`);
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
    await waitFor(() => expect(clockAsked).toBe(true));
    await userEvent.click(save);
    expect(await screen.findByText('End Date cannot be in the future!')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(inAdminPath()).toBe(`/TimeTicketEdit/11${QUERY}`);
  });

  it('refuses an event ticket dated away from the event, before sending it', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    const sent: SeenRequest[] = [];
    server.use(
      http.get('*/api/timeTickets/getSingle/12', () =>
        HttpResponse.json(
          ticket({
            hoursWorkedId: 12, assignmentType: { assignmentTypeId: 1, description: 'Detail' }, precinct: { precinctId: 3, description: '3rd Precinct' },
            event: { eventId: 9, eventName: 'Parade', incentiveHours: 2 }, startDate: '03/12/2026', endDate: '03/12/2026',
          }),
        ),
      ),
      http.get('*/api/events/getMultiple', () => HttpResponse.json([{ eventId: 0 }, detailEvent])),
      http.put('*/api/timeTickets/update', async ({ request }) => {
        sent.push(await describeRequest(request));
        return HttpResponse.json(ticket({ hoursWorkedId: 12 }));
      }),
    );
    signIn(user);
    renderEdit(`/TimeTicketEdit/12${QUERY}`);
    expect(await screen.findByText('D: 03 Parade 03/10/2026 08:00', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The ticket must be for the time of the selected event.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('/TimeTicketEdit/{id} for a ticket its reader may not change', () => {
  const supervisor = sessionUser({ officerId: 15, accessType: { accessTypeId: 5, description: 'Supervisor' } });

  it("a supervisor opening another officer's ticket reads it, with Back and no Save or inputs", async () => {
    ticketHandlers(server, supervisor, [], totals());
    const sent: SeenRequest[] = [];
    server.use(
      http.get('*/api/timeTickets/getSingle/5', () =>
        HttpResponse.json(ticket({ hoursWorkedId: 5, description: 'Line one\nLine two', reports: 3, flaggedBy: { officerId: 20, firstName: 'Audrey', lastName: 'Adler' }, auditComments: 'Wrong precinct' })),
      ),
      http.put('*/api/timeTickets/update', async ({ request }) => {
        sent.push(await describeRequest(request));
        return HttpResponse.json(ticket());
      }),
    );
    signIn(supervisor);
    renderEdit(`/TimeTicketEdit/5${QUERY}`);
    expect(await screen.findByText(/This ticket can be read but not changed\. Only level 9 and above may log or change time tickets of another officer\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Time Ticket' })).toBeInTheDocument();
    expect(screen.getByText('Officer:').nextSibling).toHaveTextContent('(A0007) Doe, Jane');
    expect(screen.getByText('10-41:').nextSibling).toHaveTextContent('Tue 03/10/2026 08:00');
    expect(screen.getByText('Reports:').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Description:').nextSibling).toHaveTextContent('Line one Line two');
    // the flag block without the owner's advice (defect 2)
    const block = screen.getByRole('alert');
    expect(block).toHaveTextContent("THE OFFICER'S ANNUAL LOSAP HOURS");
    expect(block).toHaveTextContent('Wrong precinct');
    expect(block).not.toHaveTextContent(/YOUR|12L/);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(inAdminPath()).toBe(`/TimeTicketBrowse${QUERY}`));
    expect(sent).toHaveLength(0);
  });

  it('the owner opening his own ticket outside the 30-day window reads it, with the after-window advice', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    server.use(
      http.get('*/api/timeTickets/getSingle/9', () =>
        HttpResponse.json(ticket({ hoursWorkedId: 9, startDate: '01/02/2026', startDay: 'Fri', endDate: '01/02/2026', flaggedBy: { officerId: 20, firstName: 'Audrey', lastName: 'Adler' }, auditComments: 'Wrong precinct' })),
      ),
    );
    signIn(user);
    renderEdit(`/TimeTicketEdit/9${QUERY}`);
    expect(await screen.findByText(/This ticket can be read but not changed\. Time ticket cannot be more than 30 days old!/)).toBeInTheDocument();
    const block = screen.getByRole('alert');
    expect(block).toHaveTextContent('YOUR ANNUAL LOSAP HOURS');
    expect(block).toHaveTextContent(/submit a 12L/);
    expect(await within(block).findByText(/Lieutenant Audrey Adler A0020/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('a supervisor opening his own ticket gets the form', async () => {
    ticketHandlers(server, supervisor, [], totals());
    server.use(http.get('*/api/timeTickets/getSingle/5', () => HttpResponse.json(ticket({ hoursWorkedId: 5, officer: { ...ticket().officer, officerId: 15 } }))));
    signIn(supervisor);
    renderEdit(`/TimeTicketEdit/5${QUERY}`);
    expect(await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Patrol');
    expect(screen.queryByText(/can be read but not changed/)).not.toBeInTheDocument();
  });

  it('a level-3 officer gets the not-permitted page and no ticket call', async () => {
    const restricted = sessionUser({ officerId: 3, accessType: { accessTypeId: 3, description: 'Restricted' } });
    ticketHandlers(server, restricted, [], totals());
    let asked = false;
    server.use(
      http.get('*/api/timeTickets/getSingle/5', () => {
        asked = true;
        return HttpResponse.json(ticket({ hoursWorkedId: 5 }));
      }),
    );
    signIn(restricted);
    renderEdit(`/TimeTicketEdit/5${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });
});
