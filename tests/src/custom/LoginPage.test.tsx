import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../msw';
import { sessionUser } from '../fixtures';
import { inAdminPath, renderInAdmin } from '../renderInAdmin';
import { LoginPage } from '../../../src/custom/LoginPage';

const server = startMswServer();

const renderPage = () => renderInAdmin(<LoginPage />, '/Login', { others: ['/', '/PasswordChange', '/PasswordReset'] });

async function signInAs(login: string, password: string) {
  await userEvent.type(await screen.findByLabelText(/Login/), login);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Login page (spec §2, §5)', () => {
  it("requires both fields, then shows 'Invalid credentials!' on a 401", async () => {
    server.use(http.post('*/api/authenticate', () => HttpResponse.json({ statusCode: 401 }, { status: 401 })));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await signInAs('jdoe', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials!');
    // once: the inline alert, not a snackbar as well
    expect(screen.getAllByText('Invalid credentials!')).toHaveLength(1);
    // keyboard focus comes back to the password field (the fields were disabled while signing in)
    await waitFor(() => expect(screen.getByLabelText(/Password/)).toHaveFocus());
  });

  it('an empty Sign in marks the empty fields with the invalid-form toast and focus on the first; Show password reveals it', async () => {
    renderPage();
    const login = await screen.findByRole('textbox', { name: 'Login' });
    // the login field takes keyboard focus once the page shows
    await waitFor(() => expect(login).toHaveFocus());
    await userEvent.type(login, 'jdoe');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(1);
    const password = screen.getByLabelText(/Password/);
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(password, 'secret');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await userEvent.clear(login);
    expect(screen.getByText('Required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('a first sign-in goes to /PasswordChange', async () => {
    server.use(http.post('*/api/authenticate', () => HttpResponse.json({ jwt: 'abc', user: sessionUser({ lastLoginDate: null }) })));
    renderPage();
    await signInAs('jdoe', 'Temp1234');
    expect(await screen.findByText('Page /PasswordChange')).toBeInTheDocument();
    expect(sessionStorage.getItem('jwt')).toBe('abc');
  });

  it('links to Password Reset', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByText('Page /PasswordReset')).toBeInTheDocument();
    expect(inAdminPath()).toBe('/PasswordReset');
  });
});
