import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { OfficerList } from '../../../../src/resources/officers/OfficerList';
import { gatedRemoval } from '../events/eventMocks';
import { officerHandlers, officerRow, rosterAdmin } from './officerMocks';

const server = startMswServer();

const ROWS = [
  officerRow({ officerId: 1, lastName: 'System', firstName: 'Admin', hasChildren: 'Y', lastLoginDate: null }),
  officerRow({ officerId: 42, flaggedCount: 2, unreadMemos: 3, hasChildren: 'Y' }),
  officerRow({ officerId: 43, lastName: 'Jones', firstName: 'Mary', unreadMemos: 0, lastLoginDate: null }),
  officerRow({ officerId: 10, lastName: 'Admin', firstName: 'Ada' }),
];

describe('/OfficerBrowse (spec §2 Officer list)', () => {
  it('shows the total, the roster columns and links keeping the filter', async () => {
    const seen = officerHandlers(server, rosterAdmin, ROWS);
    signIn(rosterAdmin);
    renderInAdmin(<OfficerList />, '/OfficerBrowse?excludeSeparated=Y', { route: '/OfficerBrowse', others: ['/OfficerEdit/:id', '/TimeTicketLandingPage', '/DownloadReport'] });
    expect(await screen.findByText('Total: 4')).toBeInTheDocument();
    expect(seen[0]).toContain('excludeSeparated=Y');
    // the total shows while the desk table's own chunk may still be on its way (DeskGrid.tsx)
    await screen.findByRole('table');
    for (const col of ['ID', 'Name', 'PCT', 'Precinct Name', 'Last Login', 'Mobile', 'Separation Date', 'Unread 159s', 'Remove']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${col}`) })).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: 'Show Separated Officers' })).not.toBeChecked();
    const smith = screen.getByRole('link', { name: 'Smith, John' });
    expect(smith.getAttribute('href')).toBe('/TimeTicketLandingPage?officerId=42&sinceDate=01%2F01%2F2026&untilDate=03%2F15%2F2026');
    expect(getComputedStyle(smith.parentElement!).fontWeight).toBe('700');
    const row = smith.closest('tr')!;
    expect(within(row).getByRole('link', { name: /3 - Click to view/ }).getAttribute('href')).toBe('/DownloadReport?officerId=42');
    expect(within(row).getByText('03/14/2026 09:30')).toBeInTheDocument();
    expect(within(row).getByText('Has records: enter a separation date instead')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'System, Admin' }).closest('tr')!).getByText('N/A')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Jones, Mary' }).closest('tr')!).getByRole('link', { name: /0 - Click to view/ })).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Admin, Ada' }).closest('tr')!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: '42' }));
    await waitFor(() => expect(inAdminPath()).toBe('/OfficerEdit/42?excludeSeparated=Y'));
  });

  it('shows separated officers when the box is ticked', async () => {
    const seen = officerHandlers(server, rosterAdmin, ROWS);
    signIn(rosterAdmin);
    renderInAdmin(<OfficerList />, '/OfficerBrowse?excludeSeparated=Y', { route: '/OfficerBrowse' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Show Separated Officers' }));
    await waitFor(() => expect(inAdminPath()).toBe('/OfficerBrowse'));
    await waitFor(() => expect(seen.some((u) => !u.includes('excludeSeparated'))).toBe(true));
  });

  it('confirms a removal with id and name, strikes the row through, then drops it', async () => {
    officerHandlers(server, rosterAdmin, []);
    const removal = gatedRemoval(server, { list: '*/api/officer/getMultiple', remove: '*/api/officer/delete', rows: ROWS, idOf: (o) => o.officerId });
    signIn(rosterAdmin);
    renderInAdmin(<OfficerList />, '/OfficerBrowse', { route: '/OfficerBrowse' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Jones, Mary' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('43 Jones, Mary')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removal.removed()).toEqual([{ id: 0, deleteStatus: '' }, { id: 43, deleteStatus: 'Y' }]));
    const row = screen.getByRole('link', { name: 'Jones, Mary' }).closest('tr')!;
    await waitFor(() => expect(getComputedStyle(row).textDecoration).toContain('line-through'));
    removal.release();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jones, Mary' })).not.toBeInTheDocument(), { timeout: 4000 });
  });

  it('shows the server refusal of a removal', async () => {
    officerHandlers(server, rosterAdmin, [ROWS[2]]);
    server.use(
      http.delete('*/api/officer/delete', () =>
        HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'The super user cannot be removed.' }, { status: 409 }),
      ),
    );
    signIn(rosterAdmin);
    renderInAdmin(<OfficerList />, '/OfficerBrowse', { route: '/OfficerBrowse' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Jones, Mary' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    expect(await screen.findByText('The super user cannot be removed.')).toBeInTheDocument();
  });

  it('on a 375-px phone lists officers as cards', async () => {
    officerHandlers(server, rosterAdmin, ROWS);
    setScreenWidth(375);
    signIn(rosterAdmin);
    renderInAdmin(<OfficerList />, '/OfficerBrowse', { route: '/OfficerBrowse' });
    const cards = await screen.findByRole('list', { name: 'Roster' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('link', { name: 'Jones, Mary' }).closest('li')!;
    expect(within(card).getByText('Mobile:')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Remove Jones, Mary' })).toBeInTheDocument();
  });

  it('is not permitted below level 10', async () => {
    const supervisor = sessionUser({ accessType: { accessTypeId: 9, description: 'Administrator' } });
    officerHandlers(server, supervisor, ROWS);
    signIn(supervisor);
    renderInAdmin(<OfficerList />, '/OfficerBrowse', { route: '/OfficerBrowse' });
    expect(await screen.findByText('Unauthorized!')).toBeInTheDocument();
    expect(screen.queryByText('Smith, John')).not.toBeInTheDocument();
  });
});
