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

/** A field's label as the tests name it, react-admin's required mark (' *') aside. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/** Picks `option` of the select `label`. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(labelled(label)));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Replaces the field's text (a blank after a first entry, so the field has changed). */
async function retype(label: string, value: string) {
  const input = screen.getByLabelText(labelled(label));
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
    // the selects are required: they offer no blank choice, and say so while none is chosen
    expect(screen.getByText('Must select precinct')).toBeInTheDocument();
    await choose('Precinct', '5th Precinct');
    await waitFor(() => expect(screen.queryByText('Must select precinct')).not.toBeInTheDocument());
    expect(screen.getByText('Must select rank')).toBeInTheDocument();
    expect(screen.getByText('Must select access level')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('marks every required field of a new officer and shows its message before anything is typed', async () => {
    officerHandlers(server);
    signIn(rosterAdmin);
    renderEdit('/OfficerEdit?excludeSeparated=Y');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Officer' })).toBeInTheDocument();
    const required = ['Officer ID', 'Login', 'Password', 'Password Expire Interval', 'First Name', 'Last Name', 'Precinct', 'Appointment Date', 'Rank',
      'Address', 'City', 'State', 'Postal Code', 'Phone', 'Mobile', 'Home Email', 'Dept Email', 'Access Level', 'Badge Number', 'Handcuff Number', 'Drivers License #'];
    expect(await screen.findByLabelText('Officer ID *')).toBeInTheDocument();
    for (const label of required) expect(screen.getByLabelText(`${label} *`)).toBeInTheDocument();
    expect(screen.getByLabelText('Middle')).toBeInTheDocument();
    expect(screen.getByLabelText('Separation Date')).toBeInTheDocument();
    const messageOf = (label: string) => screen.getByLabelText(labelled(label)).closest('.MuiFormControl-root, .MuiTextField-root')?.textContent ?? '';
    await waitFor(() => expect(messageOf('Login')).toContain('Required'));
    for (const label of ['Password', 'First Name', 'Last Name', 'Phone', 'Mobile', 'Home Email', 'Dept Email', 'Badge Number', 'Handcuff Number', 'Drivers License #']) {
      expect(messageOf(label)).toContain('Required');
    }
    expect(messageOf('Officer ID')).toContain('Officer ID must be > 0');
    expect(messageOf('Address')).toContain('required');
    expect(messageOf('City')).toContain('required');
    expect(messageOf('Postal Code')).toContain('Zip code is required');
    expect(messageOf('Appointment Date')).toContain('Date is required');
    for (const message of ['Must select precinct', 'Must select rank', 'Must select access level']) expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
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
    await screen.findByLabelText(labelled('Officer ID'));
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
    expect(screen.getByLabelText(labelled('Login'))).toHaveValue('pnew');
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
