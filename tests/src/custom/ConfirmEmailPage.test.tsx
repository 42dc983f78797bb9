import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../msw';
import { renderInAdmin, setScreenWidth } from '../renderInAdmin';
import { currentPath, renderApp } from '../renderApp';
import { ConfirmEmailPage } from '../../../src/custom/ConfirmEmailPage';

const server = startMswServer();

const renderPage = (search: string) => renderInAdmin(<ConfirmEmailPage />, `/ConfirmEmail${search}`, { route: '/ConfirmEmail', others: ['/Login'] });

/** PUT /api/email/confirm answered by `answer`; returns the bodies sent. */
function confirmHandler(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.put('*/api/email/confirm', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

const INVALID = 'This confirmation link is invalid, already used or expired. Change the address again to get a new link.';

describe('Confirm E-mail Address (/ConfirmEmail?token=…, opened from the mailed link)', () => {
  it('confirms the address only when Confirm is pressed, shows the server message and leads back to Login', async () => {
    const sent = confirmHandler(() => HttpResponse.json({ message: 'Your e-mail address is confirmed.' }));
    setScreenWidth(375);
    renderPage('?token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm E-mail Address' })).toBeInTheDocument();
    expect(screen.getByText('Confirm this address for your Roll Call account, so temporary passwords can be sent to it.')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    // the button takes keyboard focus; nothing is sent until it is pressed
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(sent).toEqual([]);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is confirmed.');
    expect(sent).toEqual([{ token: 'abc123' }]);
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByText('Page /Login')).toBeInTheDocument();
  });

  it('an invalid, used or expired link (400) shows the server message', async () => {
    const sent = confirmHandler(() => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: INVALID }, { status: 400 }));
    renderPage('?token=used');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(sent).toEqual([{ token: 'used' }]);
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
  });

  it('without a token in the address says the link is invalid and sends nothing', async () => {
    const sent = confirmHandler(() => HttpResponse.json({ message: 'Your e-mail address is confirmed.' }));
    renderPage('');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('a failure other than an invalid link shows its message and Confirm stays to try again', async () => {
    let calls = 0;
    confirmHandler(() => {
      calls += 1;
      return calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ message: 'Your e-mail address is confirmed.' });
    });
    renderPage('?token=abc123');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error 500');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is confirmed.');
  });

  it('opens in the app without a session', async () => {
    confirmHandler(() => HttpResponse.json({ message: 'Your e-mail address is confirmed.' }));
    renderApp('/ConfirmEmail?token=abc123');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your e-mail address is confirmed.')).toBeInTheDocument();
    expect(currentPath()).toBe('/ConfirmEmail?token=abc123');
  });
});
