import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { inAdminPath, renderInAdmin } from '../renderInAdmin';
import { LoginPage } from '../../../src/custom/LoginPage';
import { TwoFactorPage } from '../../../src/custom/twoFactor/TwoFactorPage';
import { getSessionUser } from '../../../src/providers/session';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const server = startMswServer();

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred' };
const ASSERTION = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'x', authenticatorData: 'y', signature: 'z' }, clientExtensionResults: {} };

/** The passkey sign-in calls; `refuse` answers the last with that status and message. Returns the requests seen. */
function passkeyHandlers(refuse?: { status: number; message: string }) {
  const seen: SeenRequest[] = [];
  const record = (answer: () => Response) => async ({ request }: { request: Request }) => {
    seen.push(await describeRequest(request));
    return answer();
  };
  server.use(
    http.post('*/api/passkeys/authentication/options', record(() => HttpResponse.json({ challengeId: 'ch-1', options: OPTIONS }))),
    http.post(
      '*/api/passkeys/authentication',
      record(() => (refuse ? HttpResponse.json({ statusCode: refuse.status, message: refuse.message }, { status: refuse.status }) : HttpResponse.json({ jwt: 'pk-jwt', user: sessionUser() }))),
    ),
    http.put('*/api/updateLastLoginDate/:id', record(() => new HttpResponse(null, { status: 204 }))),
    http.post('*/api/logout', record(() => new HttpResponse(null, { status: 204 }))),
  );
  return seen;
}

const renderLogin = () => renderInAdmin(<LoginPage />, '/Login', { others: ['/', '/PasswordChange', '/TwoFactor'] });

beforeEach(() => {
  // jsdom has no WebAuthn: the button shows only where the browser has it
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  webauthn.startAuthentication.mockReset();
});

describe('Sign in with a passkey', () => {
  it('asks options, runs the browser prompt, sends its answer and stores the session as a password sign-in does', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const seen = passkeyHandlers();
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Page /')).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/passkeys/authentication/options',
      'POST /api/passkeys/authentication',
      'PUT /api/updateLastLoginDate/7',
    ]);
    expect(seen[1].body).toEqual({ challengeId: 'ch-1', response: ASSERTION });
    expect(sessionStorage.getItem('jwt')).toBe('pk-jwt');
    expect(getSessionUser()?.officerId).toBe(7);
  });

  it('a cancelled browser prompt says the passkey could not be used and sends nothing more', async () => {
    webauthn.startAuthentication.mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const seen = passkeyHandlers();
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey could not be used. Try again, or sign in with your password.');
    expect(seen.map((r) => r.path)).toEqual(['/api/passkeys/authentication/options']);
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(inAdminPath()).toBe('/Login');
    // the page stays usable
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  });

  it("a server refusal shows the server's message", async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    passkeyHandlers({ status: 400, message: 'The passkey could not be verified.' });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey could not be verified.');
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('without WebAuthn in the browser there is no passkey button', async () => {
    vi.unstubAllGlobals();
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('on /TwoFactor, a passkey replaces the half session with a full one', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const seen = passkeyHandlers();
    signIn(sessionUser({ secondFactor: 'required' }), 'half');
    renderInAdmin(<TwoFactorPage />, '/TwoFactor', { others: ['/', '/Login'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));
    expect(await screen.findByText('Page /')).toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path} ${r.authorization ?? ''}`)).toEqual([
      'POST /api/passkeys/authentication/options Bearer half',
      'POST /api/passkeys/authentication Bearer half',
      'POST /api/logout Bearer half',
      'PUT /api/updateLastLoginDate/7 Bearer pk-jwt',
    ]);
    expect(getSessionUser()?.secondFactor).toBeNull();
  });

  it('a password sign-in whose second factor is pending goes to /TwoFactor, before any other call', async () => {
    const seen = passkeyHandlers();
    server.use(http.post('*/api/authenticate', () => HttpResponse.json({ jwt: 'half', user: sessionUser({ secondFactor: 'enrol', lastLoginDate: null }) })));
    renderLogin();
    await userEvent.type(await screen.findByLabelText(/Login/), 'jdoe');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // the second factor comes before the password change, and the last sign-in date waits for it
    expect(await screen.findByText('Page /TwoFactor')).toBeInTheDocument();
    expect(seen).toEqual([]);
    expect(getSessionUser()?.login).toBe('jdoe');
  });
});
