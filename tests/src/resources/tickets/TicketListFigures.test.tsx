import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startMswServer } from '../../msw';
import { sessionUser } from '../../fixtures';
import { signIn } from '../../renderApp';
import { renderInAdmin } from '../../renderInAdmin';
import { TicketList } from '../../../../src/resources/tickets/TicketList';
import { ticket, ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();
const QUERY = '?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';
/** The first list of a file loads its lazy parts; on a busy machine that takes more than a second. */
const LOADED = { timeout: 5000 };

describe('/TimeTicketBrowse figures (spec §2)', () => {
  it("the flagged ticket's auditor contacts: each mobile is a tap-to-call link", async () => {
    const user = sessionUser();
    const flagged = ticket({ hoursWorkedId: 2, flaggedBy: { officerId: 20, firstName: 'Audrey', lastName: 'Adler' }, auditComments: 'Wrong precinct' });
    ticketHandlers(server, user, [flagged], totals({ hoursWorked: 4, totalHours: 4, ticketCount: 1, flaggedCount: 1 }));
    signIn(user);
    renderInAdmin(<TicketList />, `/TimeTicketBrowse${QUERY}`);
    const call = await screen.findByRole('link', { name: '516-555-0120' }, LOADED);
    expect(call).toHaveAttribute('href', 'tel:5165550120');
    expect(call.closest('li')).toHaveTextContent('Lieutenant Audrey Adler A0020 516-555-0120');
    // a separated auditor's line keeps its note after the number
    const leaving = screen.getByRole('link', { name: '516-555-0122' });
    expect(leaving).toHaveAttribute('href', 'tel:5165550122');
    expect(leaving.closest('li')).toHaveTextContent('Sergeant Lee Leaving A0022 516-555-0122 (Separated on 04/30/2026)');
  });

  it('the totals card shows thousands separators: hours with 2 decimals, counts whole', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [ticket()], totals({ hoursWorked: 1234.5, travelHours: 1000, totalHours: 2234.5, reports: 12345, arrests: 999, ticketCount: 1 }));
    signIn(user);
    renderInAdmin(<TicketList />, `/TimeTicketBrowse${QUERY}`);
    const sums = await screen.findByRole('region', { name: 'Totals' }, LOADED);
    const value = (label: string) => within(sums).getByText(label).nextSibling;
    expect(value('Worked:')).toHaveTextContent(/^1,234\.50$/);
    expect(value('Travel:')).toHaveTextContent(/^1,000\.00$/);
    expect(value('Total:')).toHaveTextContent(/^2,234\.50$/);
    expect(value('Reports:')).toHaveTextContent(/^12,345$/);
    expect(value('Arrests:')).toHaveTextContent(/^999$/);
  });
});
