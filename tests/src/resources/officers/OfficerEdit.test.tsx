import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { OfficerEdit } from '../../../../src/resources/officers/OfficerEdit';
import { officerHandlers, officerRow, rosterAdmin } from './officerMocks';

const server = startMswServer();

function renderEdit(path: string) {
  return renderInAdmin(<OfficerEdit />, path, { route: path.startsWith('/OfficerEdit/') ? '/OfficerEdit/:id' : '/OfficerEdit', others: ['/OfficerBrowse'] });
}

/** Picks `option` of the select `label`; null picks the blank first option. */
async function choose(label: string, option: string | null) {
  await userEvent.click(screen.getByLabelText(label));
  if (option === null) await userEvent.click((await screen.findAllByRole('option'))[0]);
  else await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Replaces the field's text (a blank after a first entry, so the field has changed). */
async function retype(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.type(input, label.endsWith('Date') ? '02/01/2026' : '1');
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
  await userEvent.tab();
}

const FILLED: Array<[string, string]> = [
  ['Officer ID', '77'], ['Login', 'pnew'], ['Password', 'Secret123'], ['First Name', 'Pat'], ['Middle', 'Q'], ['Last Name', 'New'],
  ['Appointment Date', '02/01/2026'], ['Address', '2 Elm St'], ['City', 'Hempstead'], ['Postal Code', '11550'], ['Phone', '516-555-0200'],
  ['Mobile', '516-555-0201'], ['Home Email', 'pat@example.com'], ['Dept Email', 'pnew@dept.example.com'], ['Badge Number', '7'],
  ['Handcuff Number', '8'], ['Drivers License #', 'N1234567'],
];

describe('/OfficerEdit (spec §2 Officer edit, §5 officer field messages)', () => {
  it('shows every field message as the fields change and keeps Submit disabled until the form is valid', async () => {
    officerHandlers(server);
    signIn(rosterAdmin);
    renderEdit('/OfficerEdit?excludeSeparated=Y');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Officer' })).toBeInTheDocument();
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const cases: Array<[string, string, string]> = [
      ['Officer ID', '0', 'Officer ID must be > 0'],
      ['Login', '', 'Required'],
      ['Password', 'short', 'Password must'],
      ['First Name', 'J0hn', 'Numbers not allowed in first name!'],
      ['Middle', 'Q1', 'Numbers not allowed in middle name!'],
      ['Last Name', 'Sm1th', 'Numbers not allowed in last name!'],
      ['Appointment Date', '', 'Date is required'],
      ['Address', '', 'required'],
      ['Postal Code', '115', 'Invalid postal code format'],
      ['Phone', '5165550100', 'Invalid phone number format - must be 999-999-9999'],
      ['Home Email', 'pat@', 'Invalid email format'],
      ['Badge Number', '0', 'Badge number must be > 0'],
      ['Handcuff Number', '0', 'Handcuff number must be > 0'],
      ['Password Expire Interval', '', 'Required'],
    ];
    for (const [label, value, message] of cases) {
      await retype(label, value);
      expect(await screen.findAllByText(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).not.toHaveLength(0);
    }
    await choose('Precinct', '5th Precinct');
    await choose('Precinct', null);
    expect(await screen.findByText('Must select precinct')).toBeInTheDocument();
    await choose('Rank', 'Sergeant');
    await choose('Rank', null);
    expect(await screen.findByText('Must select rank')).toBeInTheDocument();
    await choose('Access Level', 'Officer');
    await choose('Access Level', null);
    expect(await screen.findByText('Must select access level')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('adds an officer with every field, then returns to the roster with its filter; a 409 keeps the form open', async () => {
    officerHandlers(server);
    let body: Record<string, unknown> | undefined;
    let conflict = true;
    server.use(
      http.post('*/api/officer/insert', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        if (conflict) {
          conflict = false;
          return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'Officer ID or login already in use.' }, { status: 409 });
        }
        return HttpResponse.json(officerRow({ officerId: 77 }), { status: 201 });
      }),
    );
    signIn(rosterAdmin);
    renderEdit('/OfficerEdit?excludeSeparated=Y');
    await screen.findByLabelText('Officer ID');
    for (const [label, value] of FILLED) await retype(label, value);
    await choose('Precinct', '5th Precinct');
    await choose('Rank', 'Sergeant');
    await choose('State', 'NY - New York');
    await choose('Access Level', 'Officer');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('Officer ID or login already in use.')).toBeInTheDocument();
    expect(inAdminPath()).toBe('/OfficerEdit?excludeSeparated=Y');
    expect(screen.getByLabelText('Login')).toHaveValue('pnew');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Officer saved.')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/OfficerBrowse?excludeSeparated=Y'));
    expect(body).toMatchObject({
      officerId: 77, login: 'pnew', password: 'Secret123', firstName: 'Pat', middle: 'Q', lastName: 'New', precinct: { precinctId: 5 },
      appointmentDate: '02/01/2026', rank: { rankId: 2 }, homeStreetAddr1: '2 Elm St', homeCity: 'Hempstead', homeState: { stateId: 33 },
      homeZip: '11550', homePhone: '516-555-0200', mobile: '516-555-0201', homeEmail: 'pat@example.com', deptEmail: 'pnew@dept.example.com',
      accessType: { accessTypeId: 1 }, badgeNumber: 7, handcuffNumber: 8, soundex: 'N1234567', passwordExpireInterval: 90,
    });
  });

  it("shows the super user's record with '(Super User)', a fixed separation date, his code and last login; Back keeps the filter", async () => {
    officerHandlers(server);
    server.use(http.get('*/api/officer/getSingle/1', () => HttpResponse.json(officerRow({ officerId: 1, lastName: 'System', firstName: 'Admin' }))));
    setScreenWidth(375);
    signIn(rosterAdmin);
    renderEdit('/OfficerEdit/1?excludeSeparated=Y');
    await screen.findByDisplayValue('System');
    expect(screen.getByText('A0001')).toBeInTheDocument();
    expect(screen.getByText(/\(Super User\)/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Access Level')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Separation Date')).toHaveAttribute('readonly');
    expect(screen.getByText('03/14/2026 09:30')).toBeInTheDocument();
    expect(screen.getByText('Admin, Ada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(inAdminPath()).toBe('/OfficerBrowse?excludeSeparated=Y'));
  });
});
