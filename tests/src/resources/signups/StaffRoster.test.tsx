import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { eventHandlers, eventRow, signupRow } from '../events/eventMocks';
import { SignupList } from '../../../../src/resources/signups/SignupList';
import type { SignupJson } from '../../../../src/domain/schemas/signups';

const server = startMswServer();
const supervisor = sessionUser({ officerId: 40, accessType: { accessTypeId: 5, description: 'Supervisor' } });
const OFFICERS = [
  { officerId: 0, lastName: '', firstName: '' },
  { officerId: 7, lastName: 'Doe', firstName: 'Jane' },
  { officerId: 101, lastName: 'Ortiz', firstName: 'Olivia' },
  { officerId: 105, lastName: 'Sullivan', firstName: 'Sam' },
];

/**
 * The roster of event 5 (Doe on it) for `user`, the officers of the picker, and POST
 * /signup/insert answering `refusal` or adding the officer to the roster; returns the requests seen.
 */
function staffingHandlers(user = supervisor, refusal?: { status: number; message: string }) {
  const roster: SignupJson[] = [signupRow(7, 'Doe', 'Jane')];
  const seen: SeenRequest[] = [];
  eventHandlers(server, user, [eventRow()], []);
  server.use(
    http.get('*/api/officer/getMultiple', async ({ request }) => {
      seen.push(await describeRequest(request));
      return HttpResponse.json(OFFICERS);
    }),
    http.get('*/api/signup/getMultiple', async ({ request }) => {
      seen.push(await describeRequest(request));
      return HttpResponse.json(roster);
    }),
    http.post('*/api/signup/insert', async ({ request }) => {
      const r = await describeRequest(request);
      seen.push(r);
      if (refusal) return HttpResponse.json({ statusCode: refusal.status, error: 'Conflict', message: refusal.message }, { status: refusal.status });
      const { officerId } = (r.body as { officer: { officerId: number } }).officer;
      const o = OFFICERS.find((x) => x.officerId === officerId)!;
      roster.push(signupRow(officerId, o.lastName, o.firstName));
      return HttpResponse.json({ eventId: 5, officerId }, { status: 201 });
    }),
  );
  return seen;
}

function renderRoster() {
  return renderInAdmin(<SignupList />, '/EventSignupBrowse?eventId=5', { others: ['/EventBrowse'] });
}

describe('/EventSignupBrowse: a supervisor staffs the roster', () => {
  it('picks an officer by typing, adds him, and the roster reloads with him on it', async () => {
    const seen = staffingHandlers();
    signIn(supervisor);
    renderRoster();
    expect(await screen.findByText('A0007')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Officer to add' });
    const add = screen.getByRole('button', { name: 'Add to roster' });
    expect(add).toBeDisabled();
    await userEvent.type(picker, 'ortiz');
    await userEvent.click(await screen.findByRole('option', { name: '(A0101) Ortiz, Olivia' }));
    await userEvent.click(add);
    expect(await screen.findByText('(A0101) Ortiz, Olivia is signed up.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ event: { eventId: 5 }, officer: { officerId: 101 } });
    expect(await screen.findByText('A0101')).toBeInTheDocument();
    expect(picker).toHaveValue('');
    // only officers not separated are offered
    expect(seen.find((r) => r.path.endsWith('/officer/getMultiple'))?.query).toMatchObject({ excludeSeparated: 'Y' });
  });

  it("shows the server's refusal unchanged", async () => {
    staffingHandlers(supervisor, { status: 409, message: 'You are already signed up for another event within this time frame!' });
    signIn(supervisor);
    renderRoster();
    await userEvent.type(await screen.findByRole('combobox', { name: 'Officer to add' }), 'A0105');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add to roster' }));
    expect(await screen.findByText('You are already signed up for another event within this time frame!')).toBeInTheDocument();
    expect(screen.queryByText('A0105')).not.toBeInTheDocument();
  });

  it('is not offered below level 5', async () => {
    const officer = sessionUser({ officerId: 30 });
    staffingHandlers(officer);
    signIn(officer);
    renderRoster();
    expect(await screen.findByText('A0007')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Officer to add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to roster' })).not.toBeInTheDocument();
  });
});
