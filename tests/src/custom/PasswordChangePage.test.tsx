import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../renderInAdmin';
import { PasswordChangePage } from '../../../src/custom/PasswordChangePage';

const server = startMswServer();

const firstSignIn = () => signIn(sessionUser({ lastLoginDate: null, login: 'jdoe' }));
const renderPage = () => renderInAdmin(<PasswordChangePage />, '/PasswordChange', { others: ['/'] });

async function fill(current: string, next: string, verify: string) {
  if (current) await userEvent.type(await screen.findByLabelText(/Current Password/), current);
  if (next) await userEvent.type(screen.getByLabelText(/New Password/), next);
  if (verify) await userEvent.type(screen.getByLabelText(/Verify Password/), verify);
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('Change Password (spec §5)', () => {
  it('notes the truncation and requires every field', async () => {
    firstSignIn();
    renderPage();
    expect(await screen.findByText(/Longer entries are truncated to 12 characters/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Login/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
  });

  it('refuses a password that breaks the rule and a verification that does not match', async () => {
    firstSignIn();
    renderPage();
    await fill('Temp1234', '1abcdefgh', 'Other123');
    expect(await screen.findByText('Password must be an alphanumeric string between 8 and 12 characters long.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/New Password/));
    await userEvent.type(screen.getByLabelText(/New Password/), 'Abcdefgh1');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Passwords do not match!')).toBeInTheDocument();
  });

  it('a Submit with errors gives the invalid-form toast and focus on the first field in error; the messages follow the typing', async () => {
    firstSignIn();
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Current Password/), 'Temp1234');
    await userEvent.type(screen.getByLabelText(/New Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please correct the marked fields.')).toBeInTheDocument();
    const next = screen.getByLabelText(/New Password/);
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveAccessibleDescription(/Passwords are 8 to 12 letters and digits.*Password must be an alphanumeric string/);
    expect(screen.getByLabelText(/Verify Password/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(next, 'word1');
    expect(screen.queryByText('Password must be an alphanumeric string between 8 and 12 characters long.')).not.toBeInTheDocument();
    // each password has its own Show password button
    await userEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]);
    expect(screen.getByLabelText(/Current Password/)).toHaveAttribute('type', 'text');
    expect(next).toHaveAttribute('type', 'password');
  });

  it('truncates entries to 12 characters', async () => {
    firstSignIn();
    renderPage();
    const input = (await screen.findByLabelText(/New Password/)) as HTMLInputElement;
    await userEvent.type(input, 'Abcdefgh12345678');
    expect(input.value).toBe('Abcdefgh1234');
  });

  it("shows 'Current password incorrect!' and stays on the form", async () => {
    server.use(http.put('*/api/password/update', () => HttpResponse.json({ statusCode: 400, message: 'Current password incorrect!' }, { status: 400 })));
    firstSignIn();
    renderPage();
    await fill('Wrong1234', 'Abcdefgh1', 'Abcdefgh1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password incorrect!');
    expect(inAdminPath()).toBe('/PasswordChange');
  });

  it('a new attempt clears the refusal banner at once, while it runs and when the form refuses it', async () => {
    const refuse = () => HttpResponse.json({ statusCode: 400, message: 'Current password incorrect!' }, { status: 400 });
    server.use(http.put('*/api/password/update', refuse));
    firstSignIn();
    renderPage();
    await fill('Wrong1234', 'Abcdefgh1', 'Abcdefgh1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password incorrect!');
    // the second attempt hangs until released: the old refusal must not stay up meanwhile
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.put('*/api/password/update', async () => {
      await held;
      return refuse();
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled());
    expect(screen.queryByText('Current password incorrect!')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Current password incorrect!')).toBeInTheDocument();
    // an attempt the form itself refuses (a field emptied) is a new attempt too
    await userEvent.clear(screen.getByLabelText(/Current Password/));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.queryByText('Current password incorrect!')).not.toBeInTheDocument();
  });

  it('on success updates the last login date, refreshes the session and goes home', async () => {
    const seen: SeenRequest[] = [];
    const record = (answer: () => Response) => async ({ request }: { request: Request }) => {
      seen.push(await describeRequest(request));
      return answer();
    };
    server.use(
      http.put('*/api/password/update', record(() => HttpResponse.json({ message: 'Password updated!' }))),
      http.put('*/api/updateLastLoginDate/:id', record(() => new HttpResponse(null, { status: 204 }))),
      http.get('*/api/session', record(() => HttpResponse.json({ user: sessionUser({ login: undefined }) }))),
    );
    firstSignIn();
    renderPage();
    await fill('Temp1234', 'Abcdefgh1', 'Abcdefgh1');
    expect(await screen.findByText('Password updated!')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/'));
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/password/update', 'PUT /api/updateLastLoginDate/7', 'GET /api/session']);
    expect(seen[0].body).toEqual({ login: 'jdoe', oldPassword: 'Temp1234', newPassword: 'Abcdefgh1' });
  });

  it('without a session asks for the login too', async () => {
    renderPage();
    expect(await screen.findByLabelText(/^Login/)).toBeInTheDocument();
  });
});

describe('Change Password frames', () => {
  it('a first sign-in gets the bare page with the notice and nothing but Submit', async () => {
    firstSignIn();
    renderPage();
    expect(await screen.findByText('Please choose a new password before you continue.')).toBeInTheDocument();
    expect(screen.getByText('Nassau County Auxiliary Police')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('a full session gets the form card with Submit and Back, on a phone too, and Back goes back', async () => {
    setScreenWidth(375);
    signIn(sessionUser({ login: 'jdoe' }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByText('Please choose a new password before you continue.')).not.toBeInTheDocument();
    // no header of its own: the signed-in layout's app bar is around it (tests/src/custom/App.test.tsx)
    expect(screen.queryByText('Nassau County Auxiliary Police')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(inAdminPath()).toBe('/'));
  });
});
