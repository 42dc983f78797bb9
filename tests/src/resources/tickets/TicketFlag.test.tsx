import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { sessionUser } from '../../fixtures';
import { signIn } from '../../renderApp';
import { renderInAdmin } from '../../renderInAdmin';
import { TicketList } from '../../../../src/resources/tickets/TicketList';
import { ticket, ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();
const QUERY = '?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';
const auditor = sessionUser({ officerId: 20, accessType: { accessTypeId: 10, description: 'Auditor' } });
const FLAGGED = { officerId: 20, firstName: 'Audrey', lastName: 'Adler' };

/** The auditor's list with one ticket (flagged or not); returns the flag calls seen. */
function auditorList(flagged: boolean, answer?: () => Response) {
  let current = ticket({ hoursWorkedId: 3, ...(flagged ? { flaggedBy: FLAGGED, auditComments: 'Wrong precinct' } : {}) });
  ticketHandlers(server, auditor, [], totals({ hoursWorked: 4, totalHours: 4, ticketCount: 1 }));
  const calls: SeenRequest[] = [];
  server.use(
    http.get('*/api/timeTickets/getMultiple', () => HttpResponse.json([current], { headers: { 'X-Total-Count': '1' } })),
    http.put('*/api/timeTickets/flagTicket/3', async ({ request }) => {
      const seen = await describeRequest(request);
      calls.push(seen);
      if (answer) return answer();
      const body = seen.body as { auditComments?: string } | undefined;
      current = { ...current, flaggedBy: seen.query.flaggedBy === '0' ? { officerId: 0, firstName: '', lastName: '' } : FLAGGED, auditComments: body?.auditComments ?? current.auditComments };
      return HttpResponse.json(current);
    }),
  );
  signIn(auditor);
  renderInAdmin(<TicketList />, `/TimeTicketBrowse${QUERY}`);
  return calls;
}

describe('the auditor flags a ticket with the reason (spec §4 ticket flag, §8)', () => {
  it('ticking asks the reason, then flags in his own name with it; the owner would read it under EXPLANATION', async () => {
    const calls = auditorList(false);
    const box = await screen.findByRole('checkbox', { name: 'Flagged 03/10/2026 08:00' });
    await userEvent.click(box);
    const dialog = await screen.findByRole('dialog', { name: 'Flag the ticket of 03/10/2026 08:00' });
    expect(box).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: 'Audit Comments' });
    await userEvent.type(reason, 'Café');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(within(dialog).getByText('Audit Comments have non-ASCII characters. Please remove!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(reason);
    await userEvent.paste('  Roster shows 10:00-12:00.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    await waitFor(() => expect(box).toBeChecked());
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ flaggedBy: '20' });
    expect(calls[0].body).toEqual({ auditComments: 'Roster shows 10:00-12:00.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const block = await screen.findByRole('alert');
    expect(within(block).getByText('EXPLANATION')).toBeInTheDocument();
    expect(within(block).getByText('Roster shows 10:00-12:00.')).toBeInTheDocument();
  });

  it('cancelling the question leaves the ticket unflagged and calls nothing', async () => {
    const calls = auditorList(false);
    const box = await screen.findByRole('checkbox', { name: 'Flagged 03/10/2026 08:00' });
    await userEvent.click(box);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Audit Comments' }));
    await userEvent.paste('Changed my mind');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).not.toBeChecked();
    expect(calls).toHaveLength(0);
  });

  it('unticking asks nothing and clears the flag with flaggedBy=0 and no body', async () => {
    const calls = auditorList(true);
    const box = await screen.findByRole('checkbox', { name: 'Flagged 03/10/2026 08:00' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ flaggedBy: '0' });
    expect(calls[0].body).toBeUndefined();
  });

  it('a failed flag call alerts the message and leaves the flag unchanged', async () => {
    const calls = auditorList(false, () =>
      HttpResponse.json({ statusCode: 500, error: 'x', message: 'Something went wrong on the server. Please try again.' }, { status: 500 }),
    );
    const box = await screen.findByRole('checkbox', { name: 'Flagged 03/10/2026 08:00' });
    await userEvent.click(box);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Audit Comments' }));
    await userEvent.paste('Wrong precinct');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(await screen.findByText('Something went wrong on the server. Please try again.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(box).not.toBeChecked();
  });
});
