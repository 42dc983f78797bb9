import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { authProvider, startSessionCheck } from '../../../src/providers/authProvider';
import { getSessionUser } from '../../../src/providers/session';
import { describeRequest, startMswServer, type SeenRequest } from '../msw';
import { sessionUser } from '../fixtures';

const server = startMswServer();

/** This tab signed in as the fixture officer (Doe) with `token`. */
function signedInTab(token = 'abc') {
  sessionStorage.setItem('jwt', token);
  sessionStorage.setItem('user', JSON.stringify(sessionUser()));
}

/** GET /api/session answers `user`; `asked()` counts the calls. */
function sessionAnswers(user = sessionUser()) {
  let count = 0;
  server.use(
    http.get('*/api/session', () => {
      count++;
      return HttpResponse.json({ user });
    }),
  );
  return { asked: () => count };
}

function signInAnswers(body: object, status = 200): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.use(
    http.post('*/api/authenticate', async ({ request }) => {
      seen.push(await describeRequest(request));
      return HttpResponse.json(body, { status });
    }),
    http.put('*/api/updateLastLoginDate/:id', async ({ request }) => {
      seen.push(await describeRequest(request));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/logout', async ({ request }) => {
      seen.push(await describeRequest(request));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

describe('authProvider.login (spec §2 login flow)', () => {
  it('a complete profile: keeps the token and user, updates the last login date, goes home', async () => {
    const seen = signInAnswers({ jwt: 'abc', user: sessionUser() });
    const result = await authProvider.login({ username: 'jdoe', password: 'Secret123' });
    expect(result).toEqual({ redirectTo: '/' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/authenticate', body: { username: 'jdoe', password: 'Secret123' } });
    expect(seen[1]).toMatchObject({ method: 'PUT', path: '/api/updateLastLoginDate/7', authorization: 'Bearer abc' });
    expect(sessionStorage.getItem('jwt')).toBe('abc');
    expect(getSessionUser()).toMatchObject({ officerId: 7, login: 'jdoe' });
  });

  it('a first sign-in (no last login date) goes to /PasswordChange without touching the last login date', async () => {
    const seen = signInAnswers({ jwt: 'abc', user: sessionUser({ lastLoginDate: null }) });
    await expect(authProvider.login({ username: 'jdoe', password: 'Temp1234' })).resolves.toEqual({ redirectTo: '/PasswordChange' });
    expect(seen.map((r) => r.path)).toEqual(['/api/authenticate']);
    expect(sessionStorage.getItem('jwt')).toBe('abc');
  });

  it('a temporary password also goes to /PasswordChange', async () => {
    signInAnswers({ jwt: 'abc', user: sessionUser({ mustChangePassword: true }) });
    await expect(authProvider.login({ username: 'jdoe', password: 'Temp1234' })).resolves.toEqual({ redirectTo: '/PasswordChange' });
  });

  it('an incomplete profile clears the session and gives the incomplete-profile alert', async () => {
    const seen = signInAnswers({ jwt: 'abc', user: sessionUser({ profileComplete: false }) });
    await expect(authProvider.login({ username: 'jdoe', password: 'Secret123' })).rejects.toThrow(
      'Your profile is incomplete. Contact the Auxiliary Support Services Detachment.',
    );
    expect(seen.map((r) => r.path)).toEqual(['/api/authenticate', '/api/logout']);
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(getSessionUser()).toBeNull();
  });

  it("a blank jwt is 'Invalid login credentials!'", async () => {
    signInAnswers({ jwt: '', user: sessionUser() });
    await expect(authProvider.login({ username: 'jdoe', password: 'Secret123' })).rejects.toThrow('Invalid login credentials!');
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it("a 401 is 'Invalid credentials!'", async () => {
    signInAnswers({ statusCode: 401, error: 'Unauthorized' }, 401);
    await expect(authProvider.login({ username: 'jdoe', password: 'wrong' })).rejects.toThrow('Invalid credentials!');
  });
});

describe('authProvider session', () => {
  it('logout ends the server session, clears storage and goes to /Login', async () => {
    const seen = signInAnswers({});
    signedInTab();
    await expect(authProvider.logout({})).resolves.toBe('/Login');
    expect(seen.map((r) => r.path)).toEqual(['/api/logout']);
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(getSessionUser()).toBeNull();
  });

  it('logout still clears the session when the server call fails', async () => {
    server.use(http.post('*/api/logout', () => HttpResponse.json({}, { status: 500 })));
    sessionStorage.setItem('jwt', 'abc');
    await expect(authProvider.logout({})).resolves.toBe('/Login');
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('checkAuth asks GET /api/session and clears the user when it fails', async () => {
    signedInTab();
    server.use(http.get('*/api/session', () => HttpResponse.json({ user: sessionUser({ lastName: 'Smith' }) })));
    await authProvider.checkAuth({});
    expect(getSessionUser()?.lastName).toBe('Smith');

    server.use(http.get('*/api/session', () => HttpResponse.json({ message: 'expired' }, { status: 401 })));
    await expect(authProvider.checkAuth({ fresh: true })).rejects.toMatchObject({ redirectTo: '/Login' });
    expect(getSessionUser()).toBeNull();
  });

  it('checkAuth right behind a confirmed session takes its answer (one GET /api/session per page load); fresh asks again', async () => {
    signedInTab();
    const session = sessionAnswers();
    await Promise.all([authProvider.checkAuth({}), authProvider.checkAuth({})]);
    expect(session.asked()).toBe(1);
    await authProvider.checkAuth({});
    expect(session.asked()).toBe(1);
    await authProvider.checkAuth({ fresh: true });
    expect(session.asked()).toBe(2);
  });

  it('checkAuth keeps the session when the check gets no answer (a navigation cancelled it, or the network dropped)', async () => {
    signedInTab();
    server.use(http.get('*/api/session', () => HttpResponse.error()));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(sessionStorage.getItem('jwt')).toBe('abc');
    expect(getSessionUser()?.lastName).toBe('Doe');
  });

  it('the session check sent as the page loads is the layout check: one GET /api/session, its answer applied then', async () => {
    signedInTab();
    const session = sessionAnswers(sessionUser({ lastName: 'Smith' }));
    startSessionCheck();
    await new Promise((r) => setTimeout(r, 50));
    expect(session.asked()).toBe(1);
    // nothing changes until the layout's check reads the answer
    expect(getSessionUser()?.lastName).toBe('Doe');
    await authProvider.checkAuth({});
    expect(session.asked()).toBe(1);
    expect(getSessionUser()?.lastName).toBe('Smith');
    // used once: a menu click asks again
    await authProvider.checkAuth({ fresh: true });
    expect(session.asked()).toBe(2);
  });

  it('an ended session found by the early check ends it when the layout checks, with the sign-in message', async () => {
    signedInTab();
    server.use(http.get('*/api/session', () => HttpResponse.json({ message: 'Your session has ended.' }, { status: 401 })));
    startSessionCheck();
    await new Promise((r) => setTimeout(r, 50));
    expect(getSessionUser()).not.toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/Login', message: 'Your session has ended. Please sign in again.' });
    expect(getSessionUser()).toBeNull();
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('an early answer older than a minute (the layout took that long to arrive) is asked again', async () => {
    signedInTab();
    const session = sessionAnswers();
    const sent = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(sent);
    startSessionCheck();
    // the early answer arrives, then the layout's code takes over a minute
    await new Promise((r) => setTimeout(r, 50));
    clock.mockReturnValue(sent + 61_000);
    await authProvider.checkAuth({});
    expect(session.asked()).toBe(2);
    clock.mockRestore();
  });

  it('on a fresh page load the layout arriving 30 s after the early answer takes it; a check 30 s after that asks again', async () => {
    // a page load of its own: the app's modules (its query client among them) anew
    vi.resetModules();
    const fresh = await import('../../../src/providers/authProvider');
    signedInTab();
    const session = sessionAnswers(sessionUser({ lastName: 'Smith' }));
    const sent = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(sent);
    fresh.startSessionCheck();
    await new Promise((r) => setTimeout(r, 50));
    clock.mockReturnValue(sent + 30_000);
    await fresh.authProvider.checkAuth({});
    expect(session.asked()).toBe(1);
    expect(getSessionUser()?.lastName).toBe('Smith');
    // react-admin's own checks take a confirmed answer for 10 s only
    clock.mockReturnValue(sent + 60_000);
    await fresh.authProvider.checkAuth({});
    expect(session.asked()).toBe(2);
    clock.mockRestore();
  });

  it("an early check asked with another tab's token is not used after the token changed", async () => {
    signedInTab('old');
    const tokens: (string | null)[] = [];
    server.use(
      http.get('*/api/session', ({ request }) => {
        tokens.push(request.headers.get('Authorization'));
        return HttpResponse.json({ user: sessionUser() });
      }),
    );
    startSessionCheck();
    sessionStorage.setItem('jwt', 'new');
    await authProvider.checkAuth({});
    expect(tokens).toEqual(['Bearer old', 'Bearer new']);
  });

  it('checkError logs out on 401 and stays on 403', async () => {
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/Login' });
  });

  it('identity is the bracketed officer id and full name; permissions the access level', async () => {
    sessionStorage.setItem('user', JSON.stringify(sessionUser({ accessType: { accessTypeId: 9, description: 'Admin' } })));
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 7, fullName: '(A0007) Doe, Jane Q' });
    await expect(authProvider.getPermissions!({})).resolves.toBe(9);
  });
});
