import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { act, fireEvent, screen } from '@testing-library/react';
import { startMswServer } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { inAdminPath, renderInAdmin } from '../renderInAdmin';
import { IdleLogout } from '../../../src/custom/IdleLogout';
import { LoginPage } from '../../../src/custom/LoginPage';

const server = startMswServer();

describe('inactivity logout (spec §4)', () => {
  let sessionChecks = 0;
  let logouts = 0;

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionChecks = 0;
    logouts = 0;
    server.use(
      http.get('*/api/session', () => {
        sessionChecks += 1;
        return HttpResponse.json({ user: sessionUser() });
      }),
      http.post('*/api/logout', () => {
        logouts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns a minute before, keeps the session on "Stay signed in", and logs out after 15 idle minutes', async () => {
    signIn(sessionUser());
    renderInAdmin(<IdleLogout />, '/EventSearch', { route: '/EventSearch', pages: { '/Login': <LoginPage /> } });

    await act(async () => {
      vi.advanceTimersByTime(13 * 60_000);
    });
    expect(screen.queryByText('Still there?')).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(60_000 + 5_000);
    });
    expect(await screen.findByText('Still there?')).toBeInTheDocument();
    const checksBefore = sessionChecks;
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(sessionChecks).toBe(checksBefore + 1);
    expect(sessionStorage.getItem('jwt')).toBe('tok');

    // activity keeps the session alive
    await act(async () => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    fireEvent.mouseMove(document.body);
    fireEvent.keyDown(document.body, { key: 'a' });
    await act(async () => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(sessionStorage.getItem('jwt')).toBe('tok');

    // then 15 minutes of nothing
    await act(async () => {
      vi.advanceTimersByTime(5 * 60_000 + 10_000);
    });
    expect(await screen.findByText('You have been logged out after 15 minutes of inactivity.')).toBeInTheDocument();
    expect(inAdminPath()).toBe('/Login');
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(logouts).toBe(1);
  });
});
