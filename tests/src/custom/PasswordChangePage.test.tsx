import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../msw';
import { sessionUser } from '../fixtures';
import { currentPath, renderApp, signIn } from '../renderApp';

const server = startMswServer();

async function fill(current: string, next: string, verify: string) {
  if (current) await userEvent.type(await screen.findByLabelText(/Current Password/), current);
  if (next) await userEvent.type(screen.getByLabelText(/New Password/), next);
  if (verify) await userEvent.type(screen.getByLabelText(/Verify Password/), verify);
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('Change Password (spec §5)', () => {
  it('notes the truncation and requires every field', async () => {
    signIn(sessionUser({ lastLoginDate: null, login: 'jdoe' }));
    renderApp('/PasswordChange');
    expect(await screen.findByText(/Longer entries are truncated to 12 characters/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Login/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
  });

  it('refuses a password that breaks the rule and a verification that does not match', async () => {
    signIn(sessionUser({ lastLoginDate: null, login: 'jdoe' }));
    renderApp('/PasswordChange');
    await fill('Temp1234', '1abcdefgh', 'Other123');
    expect(await screen.findByText('Password must be an alphanumeric string between 8 and 12 characters long.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/New Password/));
    await userEvent.type(screen.getByLabelText(/New Password/), 'Abcdefgh1');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Passwords do not match!')).toBeInTheDocument();
  });

  it('truncates entries to 12 characters', async () => {
    signIn(sessionUser({ lastLoginDate: null, login: 'jdoe' }));
    renderApp('/PasswordChange');
    const input = (await screen.findByLabelText(/New Password/)) as HTMLInputElement;
    await userEvent.type(input, 'Abcdefgh12345678');
    expect(input.value).toBe('Abcdefgh1234');
  });

  it("shows 'Current password incorrect!' and stays on the form", async () => {
    server.use(http.put('*/api/password/update', () => HttpResponse.json({ statusCode: 400, message: 'Current password incorrect!' }, { status: 400 })));
    signIn(sessionUser({ lastLoginDate: null, login: 'jdoe' }));
    renderApp('/PasswordChange');
    await fill('Wrong1234', 'Abcdefgh1', 'Abcdefgh1');
    expect(await screen.findByText('Current password incorrect!')).toBeInTheDocument();
    expect(currentPath()).toBe('/PasswordChange');
  });

  it('on success updates the last login date, refreshes the session and goes home', async () => {
    const seen: SeenRequest[] = [];
    const changed = sessionUser({ login: undefined });
    server.use(
      http.put('*/api/password/update', async ({ request }) => {
        seen.push(await describeRequest(request));
        return HttpResponse.json({ message: 'Password updated!' });
      }),
      http.put('*/api/updateLastLoginDate/:id', async ({ request }) => {
        seen.push(await describeRequest(request));
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/session', async ({ request }) => {
        seen.push(await describeRequest(request));
        return HttpResponse.json({ user: changed });
      }),
      http.get('*/api/countUnread159s/:id', () => HttpResponse.text('1')),
    );
    signIn(sessionUser({ lastLoginDate: null, login: 'jdoe' }));
    renderApp('/PasswordChange');
    await fill('Temp1234', 'Abcdefgh1', 'Abcdefgh1');
    expect(await screen.findByText('Password updated!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/UploadBrowse?uploadTypeId=1'));
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: '/api/password/update',
      body: { login: 'jdoe', oldPassword: 'Temp1234', newPassword: 'Abcdefgh1' },
    });
    expect(seen[1]).toMatchObject({ method: 'PUT', path: '/api/updateLastLoginDate/7' });
    expect(seen[2]).toMatchObject({ method: 'GET', path: '/api/session' });
  });

  it('without a session asks for the login too', async () => {
    renderApp('/PasswordChange');
    expect(await screen.findByLabelText(/^Login/)).toBeInTheDocument();
  });
});
