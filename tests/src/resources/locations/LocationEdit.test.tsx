import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin } from '../../renderInAdmin';
import { LOCATIONS, eventHandlers } from '../events/eventMocks';
import { LocationEdit } from '../../../../src/resources/locations/LocationEdit';

const server = startMswServer();
const admin = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });

/** The add (no id) or edit page at `path`, with the location list it returns to. */
function renderEdit(path: string) {
  return renderInAdmin(<LocationEdit />, path, { route: path === '/LocationEdit' ? '/LocationEdit' : '/LocationEdit/:id', others: ['/LocationBrowse'] });
}

describe('/LocationEdit (spec §2 Locations, §5 Location)', () => {
  it('shows the required messages on an empty add form', async () => {
    eventHandlers(server, admin, []);
    signIn(admin);
    renderEdit('/LocationEdit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Location' })).toBeInTheDocument();
    await screen.findByLabelText('Name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of ['Name is required', 'Address is required', 'City is required', 'Zip code is required', 'Must select state', 'Must select precinct']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('shows format messages and saves a corrected location', async () => {
    eventHandlers(server, admin, []);
    let body: unknown;
    server.use(
      http.get('*/api/locations/getSingle/3', () => HttpResponse.json(LOCATIONS[0])),
      http.put('*/api/locations/update', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(LOCATIONS[0]);
      }),
    );
    signIn(admin);
    renderEdit('/LocationEdit/3');
    await screen.findByDisplayValue('Roosevelt Field');
    const zip = screen.getByLabelText('Zip');
    await userEvent.clear(zip);
    await userEvent.type(zip, '1153');
    await userEvent.type(screen.getByLabelText('Phone'), '5165550199');
    await userEvent.type(screen.getByLabelText('Email'), 'mall@example');
    await userEvent.type(screen.getByLabelText('Web Address'), 'not a site');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid postal code format')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number format - must be 999-999-9999')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Invalid web address format regex')).toBeInTheDocument();
    await userEvent.type(zip, '0-1234');
    for (const label of ['Phone', 'Email', 'Web Address']) await userEvent.clear(screen.getByLabelText(label));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({
      locationId: 3,
      name: 'Roosevelt Field',
      address: '630 Old Country Rd',
      city: 'Garden City',
      state: { stateId: 33 },
      zip: '11530-1234',
      phone1: '',
      email1: '',
      webAddress: '',
      precinct: { precinctId: 5 },
    });
    expect(await screen.findByText('Location saved.')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/LocationBrowse'));
  });

  it('refuses the form below level 9 with the not-permitted page and no form', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 5, description: 'Supervisor' } });
    eventHandlers(server, user, []);
    signIn(user);
    renderEdit('/LocationEdit/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});
