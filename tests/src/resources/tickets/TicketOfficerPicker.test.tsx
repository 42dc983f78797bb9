import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer, describeRequest, type SeenRequest } from '../../msw';
import { sessionUser } from '../../fixtures';
import { signIn } from '../../renderApp';
import { inAdminPath, renderInAdmin } from '../../renderInAdmin';
import { TicketSearch } from '../../../../src/resources/tickets/TicketSearch';
import { TicketEdit } from '../../../../src/resources/tickets/TicketEdit';
import { ticket, ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();

/** The options the open picker lists, by their text. */
const shown = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);

describe('the officer picker of the ticket search and form (type-ahead)', () => {
  it("ticket search at level 5: typing 'A0007' finds the officer, and the search is for him", async () => {
    const user = sessionUser({ officerId: 20, accessType: { accessTypeId: 5, description: 'Supervisor' } });
    ticketHandlers(server, user, [], totals());
    signIn(user);
    renderInAdmin(<TicketSearch />, '/TimeTicketSearch', { others: ['/TimeTicketBrowse'] });
    const officer = await screen.findByRole('combobox', { name: 'Officer' }, { timeout: 5000 });
    await userEvent.type(officer, 'A0007');
    await waitFor(() => expect(shown()).toEqual(['(A0007) Doe, Jane']));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(officer).toHaveValue('(A0007) Doe, Jane');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(inAdminPath()).toBe('/TimeTicketBrowse?officerId=7'));
  });

  it('ticket form at level 9: the picker starts at the signed-in officer; typing a last name picks another, whose ticket is saved', async () => {
    const user = sessionUser({ officerId: 20, accessType: { accessTypeId: 9, description: 'Administrator' } });
    ticketHandlers(server, user, [], totals());
    const sent: SeenRequest[] = [];
    server.use(
      http.post('*/api/timeTickets/insert', async ({ request }) => {
        sent.push(await describeRequest(request));
        return HttpResponse.json(ticket({ hoursWorkedId: 99 }), { status: 201 });
      }),
    );
    signIn(user);
    renderInAdmin(<TicketEdit />, '/TimeTicketEdit', { route: '/TimeTicketEdit', others: ['/TimeTicketBrowse', '/'] });
    const officer = await screen.findByRole('combobox', { name: 'Officer' }, { timeout: 5000 });
    await waitFor(() => expect(officer).toHaveValue('(A0020) Adler, Audrey'));
    await userEvent.clear(officer);
    await userEvent.type(officer, 'doe');
    await waitFor(() => expect(shown()).toEqual(['(A0007) Doe, Jane']));
    await userEvent.click(screen.getByRole('option', { name: '(A0007) Doe, Jane' }));
    expect(officer).toHaveValue('(A0007) Doe, Jane');
    await userEvent.click(screen.getByRole('combobox', { name: 'Assignment Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Patrol' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Precinct' }));
    await userEvent.click(await screen.findByRole('option', { name: '1st Precinct' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Quick 10-41 date' })).getByRole('button', { name: 'Yesterday' }));
    for (const [label, digits] of [['10-41 Time', '0800'], ['10-42 Time', '1200']]) {
      await userEvent.click(screen.getByRole('textbox', { name: label }));
      await userEvent.keyboard(digits);
    }
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Desk duty for Jane.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ officer: { officerId: 7 }, startDate: '03/14/2026', startTime: '08:00', endDate: '03/14/2026', endTime: '12:00' });
  });
});
