import { afterEach, describe, expect, it } from 'vitest';
import { earlyLandingScript } from '../../src/earlyLanding';

const CHUNK = '/secure/assets/signedIn-abc123.js';

/** Runs the early hint's source as index.html would, at `path`, and answers the hints it added. */
function runAt(path: string): string[] {
  window.history.replaceState(null, '', path);
  new Function(earlyLandingScript(CHUNK))();
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? '');
}

afterEach(() => {
  sessionStorage.clear();
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
});

describe('the early hint index.html loads first', () => {
  it('in a signed-in tab, asks for the signed-in chunk at once', () => {
    sessionStorage.setItem('jwt', 'a.b.c');
    expect(runAt('/secure/TimeTicketBrowse')).toEqual([CHUNK]);
  });

  it('asks nothing of a visitor without a session, nor on the sign-in and password pages', () => {
    expect(runAt('/secure/TimeTicketBrowse')).toEqual([]);
    sessionStorage.setItem('jwt', 'a.b.c');
    for (const page of ['/secure/Login', '/secure/PasswordChange', '/secure/TwoFactor', '/secure/SetPassword']) expect(runAt(page)).toEqual([]);
  });
});
