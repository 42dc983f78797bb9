import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { MyProfile } from '../../../../src/resources/profile/MyProfile';
import type { OfficerJson } from '../../../../src/domain/schemas/officers';
import { officerHandlers, officerRow } from '../officers/officerMocks';

const server = startMswServer();

/** Officer 42, level 1: John Smith, whose own record officerRow() is. */
const john = sessionUser({ officerId: 42, lastName: 'Smith', firstName: 'John', accessType: { accessTypeId: 1, description: 'Officer' } });

/** GET getSingle and PUT update of officer 42's record: each save's body is kept and answered with the record as saved. */
function ownRecord(record: OfficerJson = officerRow()) {
  let stored = record;
  const saved: Array<Record<string, unknown>> = [];
  server.use(
    http.get('*/api/officer/getSingle/42', () => HttpResponse.json(stored)),
    http.put('*/api/officer/update', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      const emailChanged = body.homeEmail !== stored.homeEmail;
      stored = { ...stored, homePhone: String(body.homePhone), mobile: String(body.mobile), homeEmail: String(body.homeEmail), homeEmailConfirmed: !emailChanged };
      return HttpResponse.json(stored);
    }),
  );
  return saved;
}

async function retype(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('/MyProfile: an officer keeps his own contact fields', () => {
  it('shows what only the roster administrator changes as text, and saves a new phone number, staying on the page', async () => {
    officerHandlers(server, john);
    const saved = ownRecord();
    signIn(john);
    renderInAdmin(<MyProfile />, '/MyProfile');
    expect(await screen.findByRole('heading', { name: 'My Profile', level: 1 })).toBeInTheDocument();
    await screen.findByDisplayValue('516-555-0100');
    // read-only: no inputs for name, rank, badge, access level, login
    expect(screen.getByText('A0042')).toBeInTheDocument();
    expect(screen.getByText('John Smith')).toBeInTheDocument();
    expect(screen.getByText('Sergeant')).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'Rank', 'Badge Number', 'Access Level', 'Login', 'Precinct']) {
      expect(screen.queryByRole('textbox', { name: label }), label).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: label }), label).not.toBeInTheDocument();
    }
    // every contact field is a labelled input
    for (const label of ['Address', 'City', 'Postal Code', 'Phone', 'Mobile', 'Home Email', 'Dept Email']) expect(screen.getByLabelText(label)).toBeInTheDocument();

    await retype('Phone', '516-55');
    expect(await screen.findByText('Invalid phone number format - must be 999-999-9999')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await retype('Phone', '516-555-0177');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    // a phone number is not an e-mail address: no Current Password asked
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ officerId: 42, homePhone: '516-555-0177', mobile: '516-555-0101', firstName: 'John', rank: { rankId: 2 } });
    expect(saved[0]).not.toHaveProperty('currentPassword');
    expect(saved[0]).not.toHaveProperty('password');
    expect(screen.getByLabelText('Phone')).toHaveValue('516-555-0177');
  });

  it('asks for the current password when he changes his e-mail address, sends it, and then says the new address awaits its link', async () => {
    officerHandlers(server, john);
    const saved = ownRecord();
    signIn(john);
    renderInAdmin(<MyProfile />, '/MyProfile');
    await screen.findByDisplayValue('john@example.com');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await retype('Home Email', 'john@new.example.com');
    const current = await screen.findByLabelText('Current Password');
    expect(current).toHaveAccessibleDescription('Needed to change your e-mail address.');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(current, 'Right1234');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ officerId: 42, homeEmail: 'john@new.example.com', currentPassword: 'Right1234' });
    expect(await screen.findByText(/^Not confirmed yet: follow the link mailed to this address/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('shows a refused current password under its field and keeps the form', async () => {
    officerHandlers(server, john);
    ownRecord();
    server.use(
      http.put('*/api/officer/update', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'Current password incorrect!', field: 'currentPassword', issues: [{ field: 'currentPassword', message: 'Current password incorrect!' }] },
          { status: 400 },
        ),
      ),
    );
    signIn(john);
    renderInAdmin(<MyProfile />, '/MyProfile');
    await screen.findByDisplayValue('john@example.com');
    await retype('Home Email', 'john@new.example.com');
    await userEvent.type(await screen.findByLabelText('Current Password'), 'Wrong1234');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password incorrect!'));
    expect(screen.getByLabelText('Home Email')).toHaveValue('john@new.example.com');
  });
});
