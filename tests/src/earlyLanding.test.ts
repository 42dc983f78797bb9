import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { EARLY_ANSWERS, earlyLandingScript } from '../../src/earlyLanding';
import { apiFetch, dropEarlyAnswers } from '../../src/providers/http';
import { startSessionCheck } from '../../src/providers/authProvider';
import { startConfigLoad } from '../../src/providers/appConfig';
import { queryClient } from '../../src/providers/queryClient';
import { describeRequest, startMswServer, type SeenRequest } from './msw';

const CHUNK = '/secure/assets/signedIn-abc123.js';
const server = startMswServer();

/** Runs the early hint's source as index.html would, at `path`, and answers the hints it added. */
function runAt(path: string): string[] {
  window.history.replaceState(null, '', path);
  new Function(earlyLandingScript(CHUNK))();
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? '');
}

/** The session check and the config as the server answers them; every request counted. */
function api(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const answer = (body: object) => async ({ request }: { request: Request }) => {
    seen.push(await describeRequest(request));
    return HttpResponse.json(body);
  };
  server.use(
    http.get('*/api/session', answer({ user: { officerId: 7 } })),
    http.get('*/api/config', answer({ orgName: 'County Auxiliary Police' })),
  );
  return seen;
}

const count = (seen: SeenRequest[], path: string) => seen.filter((r) => r.path === path).length;

afterEach(async () => {
  // the answers nobody took arrive before this test's handlers go
  const early = (window as unknown as Record<string, { answers: Record<string, Promise<Response>> } | undefined>)[EARLY_ANSWERS];
  await Promise.allSettled(Object.values(early?.answers ?? {}));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  sessionStorage.clear();
  queryClient.clear();
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS];
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
});

describe('the early script index.html loads first', () => {
  it('in a signed-in tab, asks for the signed-in chunk at once', () => {
    sessionStorage.setItem('jwt', 'a.b.c');
    api();
    expect(runAt('/secure/TimeTicketBrowse')).toEqual([CHUNK]);
  });

  it('asks nothing of a visitor without a session, nor on the sign-in and password pages', async () => {
    const seen = api();
    expect(runAt('/secure/TimeTicketBrowse')).toEqual([]);
    sessionStorage.setItem('jwt', 'a.b.c');
    for (const page of ['/secure/Login', '/secure/PasswordChange', '/secure/TwoFactor', '/secure/SetPassword']) expect(runAt(page)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
  });

  it('sends the session check and the config with the token; the page starting takes their answers instead of asking again', async () => {
    sessionStorage.setItem('jwt', 'a.b.c');
    const seen = api();
    runAt('/secure/TimeTicketBrowse?officerId=7');
    const [session, config] = await Promise.all([apiFetch('GET', '/session'), apiFetch('GET', '/config')]);
    expect(session.json).toEqual({ user: { officerId: 7 } });
    expect(config.json).toEqual({ orgName: 'County Auxiliary Police' });
    expect([count(seen, '/api/session'), count(seen, '/api/config')]).toEqual([1, 1]);
    expect(seen.every((r) => r.authorization === 'Bearer a.b.c')).toBe(true);
    // an answer is taken once: asked again, the session goes to the server
    await apiFetch('GET', '/session');
    expect(count(seen, '/api/session')).toBe(2);
  });

  it('gives them only to the requests the page sends as it starts: a later request asks the server', async () => {
    sessionStorage.setItem('jwt', 'a.b.c');
    const seen = api();
    runAt('/secure/TimeTicketBrowse');
    // as src/main.tsx starts: the session check takes its early answer, then the hand-off ends
    startSessionCheck();
    dropEarlyAnswers();
    startConfigLoad();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect([count(seen, '/api/session'), count(seen, '/api/config')]).toEqual([1, 2]);
  });

  it('sends nothing when it runs after the page has started (the browser may run it late)', async () => {
    sessionStorage.setItem('jwt', 'a.b.c');
    const seen = api();
    window.history.replaceState(null, '', '/secure/TimeTicketBrowse');
    startConfigLoad();
    dropEarlyAnswers();
    expect(runAt('/secure/TimeTicketBrowse')).toEqual([]);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await apiFetch('GET', '/session');
    expect([count(seen, '/api/session'), count(seen, '/api/config')]).toEqual([1, 1]);
  });

  it('leaves the early answers alone once the tab holds another token', async () => {
    sessionStorage.setItem('jwt', 'a.b.c');
    const seen = api();
    runAt('/secure/TimeTicketBrowse');
    sessionStorage.setItem('jwt', 'd.e.f');
    await apiFetch('GET', '/session');
    expect(seen.filter((r) => r.path === '/api/session').map((r) => r.authorization).sort()).toEqual(['Bearer a.b.c', 'Bearer d.e.f']);
  });
});
