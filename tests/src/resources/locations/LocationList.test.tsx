import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { LocationList } from '../../../../src/resources/locations/LocationList';
import { LOCATIONS, eventHandlers, gatedRemoval } from '../events/eventMocks';

const server = startMswServer();
const admin = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });

describe('/LocationBrowse (spec §2 Locations, list behaviour)', () => {
  it('offers Remove only for unused locations; a removed row is struck through, then dropped', async () => {
    eventHandlers(server, admin, []);
    const removal = gatedRemoval(server, {
      list: '*/api/locations/getMultiple',
      remove: '*/api/locations/delete',
      rows: [LOCATIONS[0], { ...LOCATIONS[0], locationId: 4, name: 'Eisenhower Park', hasChildren: 'N' }],
      idOf: (l) => l.locationId,
    });
    signIn(admin);
    renderInAdmin(<LocationList />, '/LocationBrowse');
    const park = await screen.findByRole('link', { name: 'Eisenhower Park' });
    const usedRow = screen.getByRole('link', { name: 'Roosevelt Field' }).closest('tr')!;
    expect(within(usedRow).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await userEvent.click(within(park.closest('tr')!).getByRole('button', { name: /Remove/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete the following?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removal.removed()).toEqual([{ id: 0, deleteStatus: '' }, { id: 4, deleteStatus: 'Y' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('link', { name: 'Eisenhower Park' }).closest('tr')!;
    await waitFor(() => expect(getComputedStyle(row).textDecoration).toContain('line-through'));
    removal.release();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Eisenhower Park' })).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByRole('link', { name: 'Roosevelt Field' })).toBeInTheDocument();
  });

  it('on a 375-px phone lists locations as cards with a sort menu, no table', async () => {
    eventHandlers(server, admin, []);
    setScreenWidth(375);
    signIn(admin);
    renderInAdmin(<LocationList />, '/LocationBrowse');
    const cards = await screen.findByRole('list', { name: 'Locations' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('link', { name: 'Roosevelt Field' }).closest('li')!;
    expect(within(card).getByText('Precinct:')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Sorted by Name \(ascending\)/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Name/ }));
    expect(await screen.findByRole('button', { name: /Sorted by Name \(descending\)/ })).toBeInTheDocument();
  });
});
