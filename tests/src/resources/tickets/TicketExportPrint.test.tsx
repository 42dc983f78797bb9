import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { TicketList } from '../../../../src/resources/tickets/TicketList';
import { ticket, ticketHandlers, totals } from './ticketMocks';
import { listExtras } from '../../../../src/common/ListActions';

const server = startMswServer();
// Export and Print are a chunk of their own, fetched once a list has painted; its first import in a
// test run (the modules transformed then) can take over a second, longer than a query waits
beforeAll(async () => {
  await listExtras();
}, 30_000);

const supervisor = sessionUser({ officerId: 15, accessType: { accessTypeId: 5, description: 'Supervisor' } });
const adler = { ...ticket().officer, officerId: 20, firstName: 'Audrey', lastName: 'Adler' };

afterEach(() => vi.restoreAllMocks());

describe('/TimeTicketBrowse: Export and Print', () => {
  it('exports the summary by officer with its search and sort, as Excel, under the server’s name', async () => {
    ticketHandlers(server, supervisor, [ticket({ hoursWorkedId: 7 })], totals({ hoursWorked: 4, totalHours: 4, ticketCount: 1 }));
    const exports: SeenRequest[] = [];
    server.use(
      http.get('*/api/timeTickets/export', async ({ request }) => {
        exports.push(await describeRequest(request));
        return new HttpResponse(new Uint8Array(10), {
          headers: { 'Content-Disposition': 'attachment; filename="time-tickets-2026-01-01-to-2026-03-15.xlsx"', 'X-Total-Count': '1' },
        });
      }),
    );
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    signIn(supervisor);
    renderInAdmin(<TicketList />, '/TimeTicketBrowse?sinceDate=01/01/2026&untilDate=03/15/2026&summarizeFlag=Y');
    await screen.findByRole('table', { name: 'Summary Time Report by Officer' });
    // Export and Print come once the list has painted (their own chunk)
    const button = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(names).toEqual(['time-tickets-2026-01-01-to-2026-03-15.xlsx']));
    expect(exports[0].query).toEqual({ sinceDate: '01/01/2026', untilDate: '03/15/2026', summarizeFlag: 'Y', _sort: 'officerId', _order: 'ASC', format: 'xlsx' });
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('sorted by officer, starts each officer after the first on a new printed sheet', async () => {
    const rows = [ticket({ hoursWorkedId: 1 }), ticket({ hoursWorkedId: 2, startDate: '03/09/2026' }), ticket({ hoursWorkedId: 3, officer: adler })];
    ticketHandlers(server, supervisor, rows, totals({ hoursWorked: 12, totalHours: 12, ticketCount: 3 }));
    signIn(supervisor);
    renderInAdmin(<TicketList />, '/TimeTicketBrowse?sinceDate=01/01/2026&untilDate=03/15/2026');
    const table = await screen.findByRole('table', { name: 'Time Tickets' });
    // newest first: no sheet breaks
    expect(table.querySelectorAll('tr.ticket-newOfficer')).toHaveLength(0);
    await userEvent.click(within(table).getByRole('button', { name: /Sort by officer/i }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Time Tickets' }).querySelectorAll('tr.ticket-newOfficer')).toHaveLength(1));
    const broken = screen.getByRole('table', { name: 'Time Tickets' }).querySelector('tr.ticket-newOfficer') as HTMLElement;
    expect(broken).toHaveTextContent('Adler, Audrey');
  });
});
