import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin } from '../../renderInAdmin';
import { OfficerEdit } from '../../../../src/resources/officers/OfficerEdit';
import type { OfficerJson } from '../../../../src/domain/schemas/officers';
import { officerHandlers, officerRow, rosterAdmin } from './officerMocks';

const server = startMswServer();

/** The super user (testConfig superUserId 1), level 10 like every roster administrator. */
const superUser = sessionUser({ officerId: 1, lastName: 'System', firstName: 'Admin', accessType: { accessTypeId: 10, description: 'Auditor' } });

/**
 * Stands in for the roster after a save: a link back to the form, and 'Look in the cache', which
 * shows everything the browser still holds of officers (react-query's cached records and the
 * saves it remembers), so a test can tell a password is not kept there.
 */
function RosterStandIn({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const [held, setHeld] = useState('');
  const look = () =>
    setHeld(JSON.stringify([queryClient.getQueriesData({ queryKey: ['officer'] }), queryClient.getMutationCache().getAll().map((m) => m.state.variables)]));
  return (
    <>
      <Link to={`/OfficerEdit/${id}`}>Open again</Link>
      <button type="button" onClick={look}>
        Look in the cache
      </button>
      <output aria-label="Cache">{held}</output>
    </>
  );
}

/** The edit page of officer `id`; the roster page links back to it, so a test can open the form again after a save. */
function renderEdit(id: number) {
  return renderInAdmin(<OfficerEdit />, `/OfficerEdit/${id}`, { route: '/OfficerEdit/:id', pages: { '/OfficerBrowse': <RosterStandIn id={id} /> } });
}

/**
 * GET getSingle and PUT update of `record`: each save is kept (its body) and answered by `answer`
 * (default: the record as saved, e-mails the officer gave for himself unconfirmed).
 */
function recordHandlers(record: OfficerJson, answer?: (body: Record<string, unknown>) => Response | undefined) {
  let stored = record;
  const saved: Array<Record<string, unknown>> = [];
  server.use(
    http.get(`*/api/officer/getSingle/${record.officerId}`, () => HttpResponse.json(stored)),
    http.put('*/api/officer/update', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      const refused = answer?.(body);
      if (refused) return refused;
      stored = { ...stored, homeEmail: String(body.homeEmail), deptEmail: String(body.deptEmail), homeEmailConfirmed: body.homeEmail === stored.homeEmail };
      return HttpResponse.json(stored);
    }),
  );
  return saved;
}

/** A field's label as the tests name it, react-admin's required mark (' *') aside. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

async function retype(label: string, value: string) {
  const input = screen.getByLabelText(labelled(label));
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('/OfficerEdit/{id}: password and e-mail of an existing officer', () => {
  it('has no Password field and never sends a password when it saves another officer', async () => {
    officerHandlers(server);
    const saved = recordHandlers(officerRow());
    signIn(rosterAdmin);
    renderEdit(42);
    await screen.findByDisplayValue('jsmith');
    expect(screen.getByLabelText(labelled('Login'))).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await retype('Home Email', 'john.smith@example.com');
    // somebody else's address: no Current Password to give
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Officer saved.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ officerId: 42, homeEmail: 'john.smith@example.com' });
    expect(saved[0]).not.toHaveProperty('password');
    expect(saved[0]).not.toHaveProperty('currentPassword');
  });

  it('Reset password asks first, then e-mails the officer a temporary password and says so; a refusal shows the server message', async () => {
    officerHandlers(server);
    recordHandlers(officerRow());
    const resets: string[] = [];
    let refuse = false;
    server.use(
      http.put('*/api/officer/resetPassword/:id', ({ params }) => {
        resets.push(String(params.id));
        if (refuse) {
          return HttpResponse.json(
            { statusCode: 400, error: 'Bad Request', message: 'No confirmed e-mail address is on file for this login. Contact the Auxiliary Support Services Detachment.' },
            { status: 400 },
          );
        }
        return HttpResponse.json({ message: 'A temporary password has been e-mailed to the officer.' });
      }),
    );
    signIn(rosterAdmin);
    renderEdit(42);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of John Smith?' });
    expect(within(dialog).getByText(/A temporary password is e-mailed to the officer's confirmed address/)).toBeInTheDocument();
    // Cancel sends nothing
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(resets).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('A temporary password has been e-mailed to the officer.')).toBeInTheDocument();
    expect(resets).toEqual(['42']);
    // the form stays open
    expect(inAdminPath()).toBe('/OfficerEdit/42');

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^No confirmed e-mail address is on file for this login/)).toBeInTheDocument();
    expect(resets).toEqual(['42', '42']);
  });

  it("the super user's record has no Reset password for another level-10 officer, but has it for the super user", async () => {
    officerHandlers(server, rosterAdmin);
    recordHandlers(officerRow({ officerId: 1, login: 'admin', lastName: 'System', firstName: 'Admin' }));
    signIn(rosterAdmin);
    const first = renderEdit(1);
    await screen.findByDisplayValue('System');
    expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
    first.unmount();

    officerHandlers(server, superUser);
    signIn(superUser);
    renderEdit(1);
    await screen.findByDisplayValue('System');
    expect(await screen.findByRole('button', { name: 'Reset password' })).toBeInTheDocument();
  });

  it('says under an e-mail field that its stored address is not confirmed yet, until the field shows another address', async () => {
    officerHandlers(server);
    recordHandlers(officerRow({ homeEmailConfirmed: false }));
    signIn(rosterAdmin);
    renderEdit(42);
    await screen.findByDisplayValue('john@example.com');
    const note = /^Not confirmed yet: follow the link mailed to this address/;
    expect(screen.getAllByText(note)).toHaveLength(1);
    expect(screen.getByLabelText(labelled('Home Email'))).toHaveAccessibleDescription(note);
    expect(screen.getByLabelText(labelled('Dept Email'))).not.toHaveAccessibleDescription(note);
    await retype('Home Email', 'john@other.example.com');
    expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  it('asks for the current password only when the officer gives his own record a new e-mail address, shows the server refusal on it, and sends it', async () => {
    officerHandlers(server);
    const own = officerRow({ officerId: 10, login: 'aadmin', lastName: 'Admin', firstName: 'Ada', homeEmail: 'ada@example.com' });
    let wrong = true;
    const saved = recordHandlers(own, () => {
      if (!wrong) return undefined;
      wrong = false;
      return HttpResponse.json(
        { statusCode: 400, error: 'Bad Request', message: 'Current password incorrect!', field: 'currentPassword', issues: [{ field: 'currentPassword', message: 'Current password incorrect!' }] },
        { status: 400 },
      );
    });
    signIn(rosterAdmin);
    renderEdit(10);
    await screen.findByDisplayValue('ada@example.com');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    // the same address in other letters is not a new one
    await retype('Home Email', 'ADA@example.com');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();

    await retype('Home Email', 'ada@new.example.com');
    const current = await screen.findByLabelText('Current Password');
    expect(current).toHaveAccessibleDescription('Needed to change your e-mail address.');
    const submit = screen.getByRole('button', { name: 'Submit' });
    // Submit waits for the current password
    expect(submit).toBeDisabled();
    await userEvent.type(current, 'Wrong1234');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('Current password incorrect!')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password incorrect!');
    expect(inAdminPath()).toBe('/OfficerEdit/10');
    expect(saved[0]).toMatchObject({ officerId: 10, homeEmail: 'ada@new.example.com', currentPassword: 'Wrong1234' });

    await retype('Current Password', 'Right1234');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Officer saved.')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/OfficerBrowse'));
    expect(saved[1]).toMatchObject({ homeEmail: 'ada@new.example.com', currentPassword: 'Right1234' });
    expect(saved[1]).not.toHaveProperty('password');

    // The password is not kept: not in the browser's cache of officers once the page is left,
    // and opened again, the new address awaits its link and a further change asks afresh.
    await waitFor(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Look in the cache' }));
      const held = screen.getByRole('status', { name: 'Cache' }).textContent ?? '';
      expect(held).toContain('ada@new.example.com');
      expect(held).not.toContain('Right1234');
      expect(held).not.toContain('Wrong1234');
    });
    await userEvent.click(screen.getByRole('link', { name: 'Open again' }));
    await screen.findByDisplayValue('ada@new.example.com');
    expect(await screen.findByText(/^Not confirmed yet/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await retype('Dept Email', 'ada@dept.example.com');
    expect(await screen.findByLabelText('Current Password')).toHaveValue('');
  });

  it('changing his own e-mail back hides Current Password and sends none', async () => {
    officerHandlers(server);
    const saved = recordHandlers(officerRow({ officerId: 10, login: 'aadmin', homeEmail: 'ada@example.com' }));
    signIn(rosterAdmin);
    renderEdit(10);
    await screen.findByDisplayValue('ada@example.com');
    await retype('Home Email', 'ada@new.example.com');
    await userEvent.type(await screen.findByLabelText('Current Password'), 'Right1234');
    await retype('Home Email', 'ada@example.com');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Officer saved.')).toBeInTheDocument();
    expect(saved[0]).not.toHaveProperty('currentPassword');
  });
});
