import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser } from '../../fixtures';
import { currentPath, renderApp, signIn } from '../../renderApp';
import { ticketHandlers, totals } from './ticketMocks';

const server = startMswServer();

describe('/TimeTicketLandingPage (spec §2)', () => {
  it('fills an empty officer with the signed-in officer and empty dates with the year to date', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    signIn(user);
    renderApp('/TimeTicketLandingPage?officerId=&sinceDate=&untilDate=&arrestFlag=Y');
    await waitFor(() => expect(currentPath()).toBe('/TimeTicketBrowse?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026&arrestFlag=Y'));
  });
});

describe('/TimeTicketSearch (spec §2, §5)', () => {
  it('asks for a criterion, offers no officer picker or summary below level 5, and searches the quick range', async () => {
    const user = sessionUser();
    ticketHandlers(server, user, [], totals());
    signIn(user);
    renderApp('/TimeTicketSearch');
    const submit = await screen.findByRole('button', { name: 'Submit' }, { timeout: 5000 });
    expect(screen.queryByLabelText('Summarize by officer')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Officer' })).not.toBeInTheDocument();
    await userEvent.click(submit);
    expect((await screen.findAllByText('Must enter at least one search criteria!')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Prior Month' }));
    await userEvent.click(submit);
    await waitFor(() => expect(currentPath()).toBe('/TimeTicketBrowse?officerId=7&sinceDate=02/01/2026&untilDate=02/28/2026'));
  });

  it('offers the officer picker and summary at level 5', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 5, description: 'Supervisor' } });
    ticketHandlers(server, user, [], totals());
    signIn(user);
    renderApp('/TimeTicketSearch');
    expect(await screen.findByLabelText('Summarize by officer', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Officer' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Summarize by officer'));
    await userEvent.click(screen.getByRole('button', { name: 'YTD' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentPath()).toBe('/TimeTicketBrowse?sinceDate=01/01/2026&untilDate=03/15/2026&summarizeFlag=Y'));
  });
});
