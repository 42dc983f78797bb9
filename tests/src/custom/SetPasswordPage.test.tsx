import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../msw';
import { renderInAdmin, setScreenWidth } from '../renderInAdmin';
import { currentPath, renderApp } from '../renderApp';
import { SetPasswordPage } from '../../../src/custom/SetPasswordPage';

const server = startMswServer();

const INVALID = 'This link to set a password is invalid, already used or expired. Ask the roster administrator for a temporary password.';
const DONE = 'Your password is set. Sign in with it.';

const renderPage = (search: string) => renderInAdmin(<SetPasswordPage />, `/SetPassword${search}`, { route: '/SetPassword', others: ['/Login'] });

/** GET /api/password/set answers `link` (a login, or 400); PUT answers `answer`. Returns the tokens asked and the bodies sent. */
function setHandlers(link: string | null, answer: () => Response = () => HttpResponse.json({ message: DONE })) {
  const asked: string[] = [];
  const sent: unknown[] = [];
  server.use(
    http.get('*/api/password/set', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('token') ?? '');
      return link === null ? HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: INVALID }, { status: 400 }) : HttpResponse.json({ login: link });
    }),
    http.put('*/api/password/set', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return { asked, sent };
}

describe('Set Your Password (/SetPassword?token=…, opened from the link mailed to an imported officer)', () => {
  it('names the login, checks the spec §5 rule in the browser, sets the password and leads to sign in', async () => {
    const { asked, sent } = setHandlers('jdoe');
    setScreenWidth(375);
    renderPage('?token=tok123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set Your Password' })).toBeInTheDocument();
    expect(await screen.findByText('Choose the password for Roll Call login jdoe.')).toBeInTheDocument();
    expect(asked).toEqual(['tok123']);
    const password = screen.getByLabelText(/^New Password/);
    const verify = screen.getByLabelText(/^Verify Password/);
    await waitFor(() => expect(password).toHaveFocus());

    // nothing typed: Required under both; a short password: the rule; a different verification: the mismatch
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await userEvent.type(password, 'short1');
    await userEvent.type(verify, 'short1');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByText('Password must be an alphanumeric string between 8 and 12 characters long.')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'Patrol2026xyz99');
    expect(password).toHaveValue('Patrol2026xy');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByText('Passwords do not match!')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(verify);
    await userEvent.type(verify, 'Patrol2026xy{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(DONE);
    expect(sent).toEqual([{ token: 'tok123', newPassword: 'Patrol2026xy', verifyPassword: 'Patrol2026xy' }]);
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('Page /Login')).toBeInTheDocument();
  });

  it('an invalid, used or expired link shows invalidLink and no form', async () => {
    const { asked, sent } = setHandlers(null);
    renderPage('?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(asked).toEqual(['used']);
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('without a token in the address says the link is invalid and asks nothing', async () => {
    const { asked } = setHandlers('jdoe');
    renderPage('');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(asked).toEqual([]);
  });

  it('a link used up meanwhile (400 on PUT) turns into the invalid-link message', async () => {
    setHandlers('jdoe', () => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: INVALID }, { status: 400 }));
    renderPage('?token=tok123');
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'Patrol2026');
    await userEvent.type(screen.getByLabelText(/^Verify Password/), 'Patrol2026');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByRole('button', { name: 'Set Password' })).not.toBeInTheDocument();
  });

  it('opens in the app without a session', async () => {
    setHandlers('jdoe');
    renderApp('/SetPassword?token=tok123');
    expect(await screen.findByText('Choose the password for Roll Call login jdoe.')).toBeInTheDocument();
    expect(currentPath()).toBe('/SetPassword?token=tok123');
  });
});
