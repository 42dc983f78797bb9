import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser } from '../../fixtures';
import { renderApp, signIn } from '../../renderApp';
import { ticket, ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();
const QUERY = '?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';

describe('/TimeTicketBrowse (spec §2)', () => {
  it("shows the owner's notice, the flagged block, totals and only the count columns above zero", async () => {
    const user = sessionUser();
    const flagged = ticket({
      hoursWorkedId: 2, arrests: 2, description: 'Line one\nLine two',
      flaggedBy: { officerId: 20, firstName: 'Audrey', lastName: 'Adler' }, auditComments: 'Wrong precinct',
    });
    ticketHandlers(server, user, [flagged, ticket({ hoursWorkedId: 1, startDate: '01/02/2026', startDay: 'Fri' })], totals({ hoursWorked: 4, totalHours: 4, arrests: 0, reports: 1, ticketCount: 2, flaggedCount: 1 }));
    signIn(user);
    renderApp(`/TimeTicketBrowse${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Time Tickets' })).toBeInTheDocument();
    expect(await screen.findByText('You have an error in a ticket that needs to be corrected')).toBeInTheDocument();
    expect(screen.getByText('THIS TICKET HAS BEEN FLAGGED DUE TO ENTRY ERRORS AND WILL NOT BE COUNTED TOWARD YOUR ANNUAL LOSAP HOURS.')).toBeInTheDocument();
    expect(screen.getByText('EXPLANATION')).toBeInTheDocument();
    expect(screen.getByText('Wrong precinct')).toBeInTheDocument();
    expect(await screen.findByText(/Lieutenant Audrey Adler A0020 516-555-0120/)).toBeInTheDocument();
    expect(screen.getByText(/Separated on 04\/30\/2026/)).toBeInTheDocument();
    expect(screen.queryByText(/A0021/)).not.toBeInTheDocument();
    expect(screen.queryByText(/A0001/)).not.toBeInTheDocument();
    expect(screen.getByText(/delete this ticket and enter it again/)).toBeInTheDocument();
    const description = screen.getByText('Line one\nLine two', { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) });
    expect(description).toHaveStyle({ whiteSpace: 'pre-wrap' });

    const table = screen.getByRole('table', { name: 'Time Tickets' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Officer', '10-41', '10-42', 'Worked', 'Travel', 'Total', 'Category', 'Reports', 'Remove']);
    expect(within(table).getByText('Totals')).toBeInTheDocument();
    expect(within(table).getAllByText('4.00').length).toBeGreaterThan(2);
    // inside the window the 10-41 links to the edit page with the query; outside it does not
    expect(within(table).getByRole('link', { name: 'Tue 03/10/2026 08:00' })).toHaveAttribute('href', `/secure/TimeTicketEdit/2${QUERY}`);
    expect(within(table).queryByRole('link', { name: /01\/02\/2026/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', `/secure/TimeTicketEdit${QUERY}`);
  });

  it('summary mode: own heading, Assigned Precinct column, no Add', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 5, description: 'Supervisor' } });
    ticketHandlers(server, user, [ticket({ hoursWorkedId: 7, precinct: { precinctId: 1, description: '1st Precinct' }, hoursWorked: 12.5, totalHours: 12.5 })], totals({ hoursWorked: 12.5, totalHours: 12.5, ticketCount: 3 }));
    signIn(user);
    renderApp('/TimeTicketBrowse?sinceDate=01/01/2026&untilDate=03/15/2026&summarizeFlag=Y');
    expect(await screen.findByRole('heading', { name: 'Summary Time Report by Officer' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Summary Time Report by Officer' });
    await waitFor(() => expect(within(table).getAllByText('12.50')).toHaveLength(4));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Officer', 'Assigned Precinct', 'Worked', 'Travel', 'Total']);
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('auditor: a failed flag call alerts and leaves the flag unchanged', async () => {
    const user = sessionUser({ officerId: 20, accessType: { accessTypeId: 10, description: 'Auditor' } });
    ticketHandlers(server, user, [ticket({ hoursWorkedId: 3 })], totals({ hoursWorked: 4, totalHours: 4, ticketCount: 1 }));
    server.use(http.put('*/api/timeTickets/flagTicket/3', () => HttpResponse.json({ statusCode: 500, error: 'x', message: 'Something went wrong on the server. Please try again.' }, { status: 500 })));
    signIn(user);
    renderApp(`/TimeTicketBrowse${QUERY}`);
    const box = await screen.findByRole('checkbox', { name: 'Flagged 03/10/2026 08:00' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText('Something went wrong on the server. Please try again.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('auditor: a successful flag call ticks the box with his own id', async () => {
    const user = sessionUser({ officerId: 20, accessType: { accessTypeId: 10, description: 'Auditor' } });
    ticketHandlers(server, user, [ticket({ hoursWorkedId: 3 })], totals({ hoursWorked: 4, totalHours: 4, ticketCount: 1 }));
    let flaggedBy = '';
    server.use(
      http.put('*/api/timeTickets/flagTicket/3', ({ request }) => {
        flaggedBy = new URL(request.url).searchParams.get('flaggedBy') ?? '';
        return HttpResponse.json(ticket({ hoursWorkedId: 3, flaggedBy: { officerId: 20, firstName: 'Audrey', lastName: 'Adler' } }));
      }),
    );
    signIn(user);
    renderApp(`/TimeTicketBrowse${QUERY}`);
    const box = await screen.findByRole('checkbox', { name: 'Flagged 03/10/2026 08:00' });
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(flaggedBy).toBe('20');
  });
});
