import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser } from '../../fixtures';
import { signIn } from '../../renderApp';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { TicketList } from '../../../../src/resources/tickets/TicketList';
import { ticket, ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();
const QUERY = '?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';
const supervisor = sessionUser({ officerId: 15, accessType: { accessTypeId: 5, description: 'Supervisor' } });
const flaggedTicket = () =>
  ticket({
    hoursWorkedId: 2, arrests: 2, description: 'Line one\nLine two',
    flaggedBy: { officerId: 20, firstName: 'Audrey', lastName: 'Adler' }, auditComments: 'Wrong precinct',
  });

describe('/TimeTicketBrowse (spec §2)', () => {
  it("shows the owner's notice, the flagged block, the totals card and only the count columns above zero", async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [flaggedTicket(), ticket({ hoursWorkedId: 1, startDate: '01/02/2026', startDay: 'Fri' })], totals({ hoursWorked: 4, totalHours: 4, arrests: 0, reports: 1, ticketCount: 2, flaggedCount: 1 }));
    signIn(user);
    renderInAdmin(<TicketList />, `/TimeTicketBrowse${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Time Tickets' })).toBeInTheDocument();
    expect(await screen.findByText('You have an error in a ticket that needs to be corrected')).toBeInTheDocument();
    expect(screen.getByText('Officer:')).toBeInTheDocument();
    // the desk table's code is a chunk of its own: its rows come when it has arrived
    const table = await screen.findByRole('table', { name: 'Time Tickets' });
    expect(await screen.findByText('(A0007) Doe, Jane', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('THIS TICKET HAS BEEN FLAGGED DUE TO ENTRY ERRORS AND WILL NOT BE COUNTED TOWARD YOUR ANNUAL LOSAP HOURS.')).toBeInTheDocument();
    expect(screen.getByText('EXPLANATION')).toBeInTheDocument();
    expect(screen.getByText('Wrong precinct')).toBeInTheDocument();
    expect((await screen.findByRole('link', { name: '516-555-0120' })).closest('li')).toHaveTextContent('Lieutenant Audrey Adler A0020 516-555-0120');
    expect(screen.getByText(/Separated on 04\/30\/2026/)).toBeInTheDocument();
    expect(screen.queryByText(/A0021/)).not.toBeInTheDocument();
    expect(screen.queryByText(/A0001/)).not.toBeInTheDocument();
    expect(screen.getByText(/delete this ticket and enter it again/)).toBeInTheDocument();
    const description = screen.getByText('Line one\nLine two', { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) });
    expect(description).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(screen.getByText('Arrests: 2')).toBeInTheDocument();

    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Officer', '10-41', '10-42', 'Worked', 'Travel', 'Total', 'Category', 'Reports', 'Remove']);
    const sums = screen.getByRole('region', { name: 'Totals' });
    expect(within(sums).getByText('Worked:').nextSibling).toHaveTextContent('4.00');
    expect(within(sums).getByText('Reports:').nextSibling).toHaveTextContent('1');
    expect(within(sums).queryByText('Arrests:')).not.toBeInTheDocument();
    // inside the window the 10-41 links to the edit page with the query; outside it does not
    expect(within(table).getByRole('link', { name: 'Tue 03/10/2026 08:00' })).toHaveAttribute('href', `/TimeTicketEdit/2${QUERY}`);
    expect(within(table).queryByRole('link', { name: /01\/02\/2026/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', `/TimeTicketEdit${QUERY}`);
  });

  it('summary mode: own heading, Assigned Precinct column, no Add, no detail rows', async () => {
    ticketHandlers(server, supervisor, [ticket({ hoursWorkedId: 7, precinct: { precinctId: 1, description: '1st Precinct' }, hoursWorked: 12.5, totalHours: 12.5 })], totals({ hoursWorked: 12.5, totalHours: 12.5, ticketCount: 3 }));
    signIn(supervisor);
    renderInAdmin(<TicketList />, '/TimeTicketBrowse?sinceDate=01/01/2026&untilDate=03/15/2026&summarizeFlag=Y');
    expect(await screen.findByRole('heading', { name: 'Summary Time Report by Officer' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Summary Time Report by Officer' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Officer', 'Assigned Precinct', 'Worked', 'Travel', 'Total']);
    expect(within(table).getAllByText('12.50')).toHaveLength(2);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(await screen.findByRole('region', { name: 'Totals' })).getAllByText('12.50')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('removes a ticket after the confirmation with its description; the row is struck through, then dropped', async () => {
    const user = sessionUser();
    let rows = [ticket({ hoursWorkedId: 3, description: 'Sector patrol' }), ticket({ hoursWorkedId: 4, startDate: '03/11/2026', startDay: 'Wed', description: 'Mall detail' })];
    ticketHandlers(server, user, [], totals({ hoursWorked: 8, totalHours: 8, ticketCount: 2 }));
    let removed: unknown;
    let release = () => {};
    const reloadGate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/timeTickets/getMultiple', async () => {
        if (removed) await reloadGate;
        return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
      }),
      http.delete('*/api/timeTickets/delete', async ({ request }) => {
        removed = await request.json();
        rows = rows.filter((t) => t.hoursWorkedId !== 4);
        return HttpResponse.json({ deleted: 1 });
      }),
    );
    signIn(user);
    renderInAdmin(<TicketList />, `/TimeTicketBrowse${QUERY}`);
    // the page also fetches its Export and Print after painting: more than a second in a busy test run
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 03/11/2026 08:00' }, { timeout: 3000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete the following?')).toBeInTheDocument();
    expect(within(dialog).getByText('Mall detail')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removed).toEqual([{ id: 0, deleteStatus: '' }, { id: 4, deleteStatus: 'Y' }]));
    const row = screen.getByRole('link', { name: 'Wed 03/11/2026 08:00' }).closest('tr')!;
    await waitFor(() => expect(getComputedStyle(row).textDecoration).toContain('line-through'));
    expect(screen.queryByRole('button', { name: 'Remove 03/11/2026 08:00' })).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText('Mall detail')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByText('Sector patrol')).toBeInTheDocument();
  });

  it("a supervisor reading another officer's flagged ticket sees the flag and explanation, not the owner's advice", async () => {
    ticketHandlers(server, supervisor, [flaggedTicket()], totals({ ticketCount: 1, flaggedCount: 1 }));
    signIn(supervisor);
    renderInAdmin(<TicketList />, `/TimeTicketBrowse${QUERY}`);
    const block = await screen.findByRole('alert');
    expect(block).toHaveTextContent("THIS TICKET HAS BEEN FLAGGED DUE TO ENTRY ERRORS AND WILL NOT BE COUNTED TOWARD THE OFFICER'S ANNUAL LOSAP HOURS.");
    expect(block).toHaveTextContent('Flagged by Audrey Adler');
    expect(within(block).getByText('EXPLANATION')).toBeInTheDocument();
    expect(within(block).getByText('Wrong precinct')).toBeInTheDocument();
    expect(block).not.toHaveTextContent(/YOUR/);
    expect(block).not.toHaveTextContent(/12L|delete this ticket|Please contact/);
    // not his tickets: no owner's notice, no edit link, no Remove, no Add for somebody else
    expect(screen.queryByText(/You have (an error|errors) in/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /03\/10\/2026/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('a level-3 officer typing the address gets the not-permitted page and no ticket call', async () => {
    const restricted = sessionUser({ officerId: 3, accessType: { accessTypeId: 3, description: 'Restricted' } });
    const seen = ticketHandlers(server, restricted, [ticket()], totals());
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => void calls.push(new URL(request.url).pathname));
    signIn(restricted);
    renderInAdmin(<TicketList />, `/TimeTicketBrowse${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Time Tickets' })).not.toBeInTheDocument();
    expect(seen).toHaveLength(0);
    expect(calls.filter((p) => p.startsWith('/api/timeTickets'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('on a 375-px phone lists tickets as cards with their figures, detail, Edit and Remove, and a sort menu', async () => {
    const user = sessionUser();
    ticketHandlers(
      server, user,
      [flaggedTicket(), ticket({ hoursWorkedId: 1, startDate: '01/02/2026', startDay: 'Fri', travelHours: 1, totalHours: 5, reports: 1 })],
      totals({ hoursWorked: 4, travelHours: 1, totalHours: 5, reports: 1, ticketCount: 2, flaggedCount: 1 }),
    );
    setScreenWidth(375);
    signIn(user);
    renderInAdmin(<TicketList />, `/TimeTicketBrowse${QUERY}`);
    const cards = await screen.findByRole('list', { name: 'Time Tickets' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [flagged, old] = within(cards).getAllByRole('listitem').filter((li) => li.parentElement === cards);
    expect(within(flagged).getByRole('heading', { name: 'Tue 03/10/2026 08:00' })).toBeInTheDocument();
    expect(within(flagged).getByText('10-42:').nextSibling).toHaveTextContent('Tue 03/10/2026 12:00');
    expect(within(flagged).getByText('Category:').nextSibling).toHaveTextContent('Patrol');
    expect(within(flagged).getByText('Arrests:').nextSibling).toHaveTextContent('2');
    expect(within(flagged).queryByText('Reports:')).not.toBeInTheDocument();
    expect(within(flagged).getByText(/Line one/)).toBeInTheDocument();
    expect(within(flagged).getByRole('alert')).toHaveTextContent('THIS TICKET HAS BEEN FLAGGED');
    expect(within(flagged).getByRole('link', { name: 'Edit 03/10/2026 08:00' })).toHaveAttribute('href', `/TimeTicketEdit/2${QUERY}`);
    expect(within(flagged).getByRole('button', { name: 'Remove 03/10/2026 08:00' })).toBeInTheDocument();
    // outside the window: figures, but neither Edit nor Remove
    expect(within(old).getByText('Total:').nextSibling).toHaveTextContent('5.00');
    expect(within(old).getByText('Travel:').nextSibling).toHaveTextContent('1.00');
    expect(within(old).queryByRole('link')).not.toBeInTheDocument();
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByText('Total:').nextSibling).toHaveTextContent('5.00');
    await userEvent.click(screen.getByRole('button', { name: /Sorted by 10-41 \(descending\)/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Total/ }));
    expect(await screen.findByRole('button', { name: /Sorted by Total \(ascending\)/ })).toBeInTheDocument();
  });
});
