import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser } from '../../fixtures';
import { signIn } from '../../renderApp';
import { inAdminPath, renderInAdmin } from '../../renderInAdmin';
import { TicketLandingPage } from '../../../../src/resources/tickets/TicketLandingPage';
import { TicketSearch } from '../../../../src/resources/tickets/TicketSearch';
import { ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();

describe('/TimeTicketLandingPage (spec §2)', () => {
  it('fills an empty officer with the signed-in officer and empty dates with the year to date', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    signIn(user);
    renderInAdmin(<TicketLandingPage />, '/TimeTicketLandingPage?officerId=&sinceDate=&untilDate=&arrestFlag=Y', { others: ['/TimeTicketBrowse'] });
    await waitFor(() => expect(inAdminPath()).toBe('/TimeTicketBrowse?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026&arrestFlag=Y'));
  });
});

describe('/TimeTicketSearch (spec §2, §5)', () => {
  it('asks for a criterion, offers no officer picker or summary below level 5, and searches the quick range', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    signIn(user);
    renderInAdmin(<TicketSearch />, '/TimeTicketSearch', { others: ['/TimeTicketBrowse'] });
    const submit = await screen.findByRole('button', { name: 'Submit' }, { timeout: 5000 });
    expect(screen.queryByLabelText('Summarize by officer')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Officer' })).not.toBeInTheDocument();
    await userEvent.click(submit);
    expect((await screen.findAllByText('Must enter at least one search criteria!')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Prior Month' }));
    await userEvent.click(submit);
    await waitFor(() => expect(inAdminPath()).toBe('/TimeTicketBrowse?officerId=7&sinceDate=02/01/2026&untilDate=02/28/2026'));
  });

  it('offers the officer picker and summary at level 5', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 5, description: 'Supervisor' } });
    ticketHandlers(server, user, [], totals());
    signIn(user);
    renderInAdmin(<TicketSearch />, '/TimeTicketSearch', { others: ['/TimeTicketBrowse'] });
    expect(await screen.findByLabelText('Summarize by officer', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Officer' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Summarize by officer'));
    await userEvent.click(screen.getByRole('button', { name: 'YTD' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(inAdminPath()).toBe('/TimeTicketBrowse?sinceDate=01/01/2026&untilDate=03/15/2026&summarizeFlag=Y'));
  });
});

describe('ticket pages a level-3 officer types', () => {
  it('the search and landing pages show the not-permitted page and call nothing about tickets', async () => {
    const restricted = sessionUser({ officerId: 3, accessType: { accessTypeId: 3, description: 'Restricted' } });
    const seen = ticketHandlers(server, restricted, [], totals());
    signIn(restricted);
    const search = renderInAdmin(<TicketSearch />, '/TimeTicketSearch');
    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    search.unmount();
    renderInAdmin(<TicketLandingPage />, '/TimeTicketLandingPage?officerId=&sinceDate=&untilDate=', { others: ['/TimeTicketBrowse'] });
    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeInTheDocument();
    expect(inAdminPath()).toBe('/TimeTicketLandingPage?officerId=&sinceDate=&untilDate=');
    expect(seen).toHaveLength(0);
  });
});
