import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../msw';
import { inAdminPath, renderInAdmin } from '../renderInAdmin';
import { PasswordResetPage } from '../../../src/custom/PasswordResetPage';

const server = startMswServer();

const renderPage = () => renderInAdmin(<PasswordResetPage />, '/PasswordReset', { others: ['/', '/Login'] });

async function submitLogin(login: string) {
  if (login) await userEvent.type(await screen.findByLabelText(/Login/), login);
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
}

describe('Password Reset (spec §2, §5, §8)', () => {
  it('requires the login and links back to Login', async () => {
    renderPage();
    // the login field takes keyboard focus once the page shows
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Login' })).toHaveFocus());
    await submitLogin('');
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByText('Page /Login')).toBeInTheDocument();
  });

  it("an invalid login (204) is 'Invalid login!' and sends nothing", async () => {
    let resets = 0;
    server.use(
      http.get('*/api/officer/isValidLogin/:login', () => new HttpResponse(null, { status: 204 })),
      http.put('*/api/password/reset', () => {
        resets += 1;
        return HttpResponse.json({});
      }),
    );
    renderPage();
    await submitLogin('nobody');
    expect(await screen.findByText('Invalid login!')).toBeInTheDocument();
    expect(resets).toBe(0);
  });

  it('a valid login gets the dispatched message', async () => {
    server.use(
      http.get('*/api/officer/isValidLogin/:login', () => HttpResponse.json({ valid: true })),
      http.put('*/api/password/reset', () =>
        HttpResponse.json({ message: 'A temporary password has been dispatched to the email address associated with this login!' }),
      ),
    );
    renderPage();
    await submitLogin('jdoe');
    expect(
      await screen.findByText('A temporary password has been dispatched to the email address associated with this login!'),
    ).toBeInTheDocument();
  });

  it('a failure shows its status message and goes to /', async () => {
    server.use(
      http.get('*/api/officer/isValidLogin/:login', () => HttpResponse.json({ valid: true })),
      http.put('*/api/password/reset', () => new HttpResponse(null, { status: 500 })),
    );
    renderPage();
    await submitLogin('jdoe');
    expect(await screen.findByText('Error 500')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/'));
  });
});
