import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { OfficerEdit } from '../../../../src/resources/officers/OfficerEdit';
import type { SessionUser } from '../../../../src/providers/session';
import { officerHandlers, officerRow, rosterAdmin } from './officerMocks';
import { RESET_REASON_MAX } from '../../../../src/domain/secondFactor';

const server = startMswServer();

const ACTION = 'Reset two-step sign-in';
/** A level-9 administrator: the roster form is not his, nor is the button. */
const administrator = sessionUser({ officerId: 20, lastName: 'Chief', firstName: 'Carl', accessType: { accessTypeId: 9, description: 'Administrator' } });

/** The edit page of `record` signed in as `user`; returns the reset requests seen. */
function renderEdit(user: SessionUser, record = officerRow()) {
  officerHandlers(server, user);
  const seen: SeenRequest[] = [];
  server.use(
    http.get(`*/api/officer/getSingle/${record.officerId}`, () => HttpResponse.json(record)),
    http.post('*/api/officers/:id/twoFactor/reset', async ({ request }) => {
      const req = await describeRequest(request);
      seen.push(req);
      if ((req.body as { reason: string }).reason === 'nothing') {
        return HttpResponse.json({ statusCode: 400, message: 'This officer has no two-step sign-in to reset.' }, { status: 400 });
      }
      return HttpResponse.json({ message: 'Two-step sign-in reset.' });
    }),
  );
  signIn(user);
  renderInAdmin(<OfficerEdit />, `/OfficerEdit/${record.officerId}`, { route: '/OfficerEdit/:id', others: ['/OfficerBrowse'] });
  return seen;
}

describe('Reset two-step sign-in on an officer record (level 10)', () => {
  it('asks a reason, sends it and says so; a refusal shows the server message', async () => {
    const seen = renderEdit(rosterAdmin);
    await userEvent.click(await screen.findByRole('button', { name: ACTION }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in of John Smith' });
    expect(within(dialog).getByText(/This removes his authenticator app, recovery codes and passkeys/)).toBeInTheDocument();
    // the reason is required
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(seen).toEqual([]);
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason).toHaveAttribute('maxlength', String(RESET_REASON_MAX));

    await userEvent.type(reason, 'nothing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This officer has no two-step sign-in to reset.');

    await userEvent.clear(reason);
    await userEvent.type(reason, 'Lost his phone ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-step sign-in reset.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/officers/42/twoFactor/reset', 'POST /api/officers/42/twoFactor/reset']);
    expect(seen[1].body).toEqual({ reason: 'Lost his phone' });
  });

  it("is not on the super user's record", async () => {
    renderEdit(rosterAdmin, officerRow({ officerId: 1, login: 'admin', lastName: 'System', firstName: 'Admin' }));
    await screen.findByDisplayValue('System');
    expect(screen.queryByRole('button', { name: ACTION })).not.toBeInTheDocument();
  });

  it('is not on his own record', async () => {
    renderEdit(rosterAdmin, officerRow({ officerId: 10, login: 'ada', lastName: 'Admin', firstName: 'Ada' }));
    await screen.findByDisplayValue('Admin');
    expect(screen.queryByRole('button', { name: ACTION })).not.toBeInTheDocument();
  });

  it('level 9 never has it', async () => {
    renderEdit(administrator);
    expect(await screen.findByText('Your access level does not include this page.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ACTION })).not.toBeInTheDocument();
  });
});
