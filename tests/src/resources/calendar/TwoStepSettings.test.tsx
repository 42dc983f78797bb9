import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { MySettings } from '../../../../src/resources/calendar/MySettings';
import { TwoStepSettings } from '../../../../src/resources/calendar/TwoStepSettings';
import type { TwoFactorStatus } from '../../../../src/domain/schemas/secondFactor';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const server = startMswServer();

const chief = sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' } });
const CODES = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'iiiii-jjjjj', 'kkkkk-lllll', 'mmmmm-nnnnn', 'ooooo-ppppp', 'qqqqq-rrrrr', 'sssss-ttttt'];
const PHONE = { id: 'cred-phone', name: 'My phone', createdAt: '03/02/2026 10:00', lastUsedAt: null };
const KEY = { id: 'cred-key', name: 'Desk key', createdAt: '03/03/2026 11:00', lastUsedAt: '03/14/2026 08:15' };

/**
 * The two-step calls over an in-memory status. `refuse` answers a passkey removal or the app's
 * turn-off with that status and message. Returns the requests seen (GETs left out).
 */
function twoFactorHandlers(initial: Partial<TwoFactorStatus> = {}, refuse?: { status: number; message: string }) {
  let status: TwoFactorStatus = { required: true, totp: true, totpSince: '03/01/2026', recoveryCodesLeft: 7, passkeys: [PHONE, KEY], stage: null, ...initial };
  const seen: SeenRequest[] = [];
  const refusal = () => (refuse ? HttpResponse.json({ statusCode: refuse.status, message: refuse.message }, { status: refuse.status }) : undefined);
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user: chief })),
    http.get('*/api/twoFactor', () => HttpResponse.json(status)),
    http.delete('*/api/passkeys/:id', async ({ request, params }) => {
      seen.push(await describeRequest(request));
      const refused = refusal();
      if (refused) return refused;
      status = { ...status, passkeys: status.passkeys.filter((p) => p.id !== params.id) };
      return HttpResponse.json(status);
    }),
    http.delete('*/api/twoFactor/totp', async ({ request }) => {
      const req = await describeRequest(request);
      seen.push(req);
      const refused = refusal();
      if (refused) return refused;
      if ((req.body as { code: string }).code !== '123456') return HttpResponse.json({ statusCode: 401, message: 'Invalid code!' }, { status: 401 });
      status = { ...status, totp: false, totpSince: null };
      return HttpResponse.json(status);
    }),
    http.post('*/api/passkeys/registration/options', () => HttpResponse.json({ challengeId: 'reg-1', options: { challenge: 'abc' } })),
    http.post('*/api/passkeys/registration', async ({ request }) => {
      const req = await describeRequest(request);
      seen.push(req);
      const passkey = { id: 'cred-new', name: (req.body as { name: string }).name, createdAt: '03/15/2026 09:00', lastUsedAt: null };
      const first = !status.totp && status.passkeys.length === 0;
      status = { ...status, passkeys: [...status.passkeys, passkey], ...(first ? { recoveryCodesLeft: 10 } : {}) };
      return HttpResponse.json({ passkey, user: chief, ...(first ? { recoveryCodes: CODES } : {}) }, { status: 201 });
    }),
    http.post('*/api/twoFactor/recoveryCodes', async ({ request }) => {
      seen.push(await describeRequest(request));
      status = { ...status, recoveryCodesLeft: 10 };
      return HttpResponse.json({ recoveryCodes: CODES });
    }),
  );
  return seen;
}

const renderSection = () => renderInAdmin(<TwoStepSettings />, '/MySettings', { others: ['/Login'] });

afterEach(() => {
  vi.unstubAllGlobals();
  webauthn.startRegistration.mockReset();
});

describe('My Settings: two-step sign-in', () => {
  it('shows the app, the codes left and the passkeys; the page carries the section', async () => {
    twoFactorHandlers();
    server.use(
      // level 9 also has the details feed, whose filters load these
      http.get('*/api/getPrecinctTable', () => HttpResponse.json([])),
      http.get('*/api/getLookupTable', () => HttpResponse.json([])),
      http.get('*/api/mySettings', () =>
        HttpResponse.json({ feeds: [], reminders: { eventTomorrow: true, unread159s: true, missingHours: true, understaffed: true, losapPace: true }, hasEmail: true }),
      ),
    );
    setScreenWidth(375);
    signIn(chief);
    renderInAdmin(<MySettings />, '/MySettings');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText('On since 03/01/2026')).toBeInTheDocument();
    expect(within(section).getByText('Your access level must keep at least one second factor.')).toBeInTheDocument();
    expect(within(section).getByText('7 of 10 left')).toBeInTheDocument();
    expect(within(section).getByText('My phone')).toBeInTheDocument();
    expect(within(section).getByText('Added 03/02/2026 10:00, never used')).toBeInTheDocument();
    expect(within(section).getByText('Added 03/03/2026 11:00, last used 03/14/2026 08:15')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Turn off authenticator app' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Remove passkey My phone' })).toBeInTheDocument();
    // no WebAuthn in this browser: nothing to add a passkey with
    expect(within(section).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('an officer with nothing set up sees the app off and Set up, which shows the QR code and the key', async () => {
    twoFactorHandlers({ required: false, totp: false, totpSince: null, recoveryCodesLeft: 0, passkeys: [] });
    server.use(
      http.post('*/api/twoFactor/totp/setup', () => HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })),
    );
    signIn(chief);
    renderSection();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByText('No passkeys yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make new recovery codes' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel set-up' }));
    expect(screen.queryByText('JBSWY3DPEHPK3PXP')).not.toBeInTheDocument();
  });

  it('Remove asks first, then removes the passkey', async () => {
    const seen = twoFactorHandlers();
    signIn(chief);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey My phone' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove passkey "My phone"? It will no longer sign you in.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('My phone')).not.toBeInTheDocument());
    expect(screen.getByText('Desk key')).toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/passkeys/cred-phone']);
  });

  it("a refusal (409 lastFactor) shows the server's message and keeps the passkey", async () => {
    twoFactorHandlers({ totp: false, totpSince: null, passkeys: [PHONE] }, { status: 409, message: 'Your access level must keep at least one second factor.' });
    signIn(chief);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey My phone' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    // the snackbar, besides the section's own note
    await waitFor(() => expect(screen.getAllByText('Your access level must keep at least one second factor.')).toHaveLength(2));
    expect(screen.getByText('My phone')).toBeInTheDocument();
    expect(sessionStorage.getItem('jwt')).toBe('tok');
  });

  it('Make new recovery codes asks first, shows the 10 codes once, then the count', async () => {
    const seen = twoFactorHandlers();
    signIn(chief);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New codes replace all your old ones, used or not. Continue?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/twoFactor/recoveryCodes']);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('10 of 10 left')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0])).not.toBeInTheDocument();
  });

  it('Turn off asks a code: a wrong one shows the server message and does not sign him out; a right one turns the app off', async () => {
    const seen = twoFactorHandlers();
    signIn(chief);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off authenticator app' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code/ }), '999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off authenticator app' }));
    expect(await within(dialog).findByText('Invalid code!')).toBeInTheDocument();
    expect(sessionStorage.getItem('jwt')).toBe('tok');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Code/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code/ }), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off authenticator app' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(seen.map((r) => r.body)).toEqual([{ code: '999999' }, { code: '123456' }]);
  });

  it('Add a passkey: a name, the browser prompt, then the passkey is listed', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const registration = { id: 'cred-new', rawId: 'cred-new', type: 'public-key', response: { clientDataJSON: 'x', attestationObject: 'y' }, clientExtensionResults: {} };
    webauthn.startRegistration.mockResolvedValue(registration);
    const seen = twoFactorHandlers({ passkeys: [] });
    signIn(chief);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register passkey' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Passkey name/ }), 'Laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Register passkey' }));
    expect(await screen.findByText('Added.')).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    expect(seen.map((r) => r.body)).toEqual([{ challengeId: 'reg-1', name: 'Laptop', response: registration }]);
    expect(await screen.findByText('Laptop')).toBeInTheDocument();
    expect(screen.getByText('Added 03/15/2026 09:00, never used')).toBeInTheDocument();
  });

  it('a first passkey: its codes show with "Added." above them, and no notification covers their button', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    webauthn.startRegistration.mockResolvedValue({ id: 'cred-new', rawId: 'cred-new', type: 'public-key', response: {}, clientExtensionResults: {} });
    twoFactorHandlers({ required: false, totp: false, totpSince: null, recoveryCodesLeft: 0, passkeys: [] });
    signIn(chief);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Passkey name/ }), 'My phone');
    await userEvent.click(screen.getByRole('button', { name: 'Register passkey' }));
    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(codes).getByRole('status')).toHaveTextContent('Added.');
    expect(within(within(codes).getByRole('list', { name: 'Your recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getAllByText('Added.')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('My phone')).toBeInTheDocument();
    expect(screen.queryByText('Added.')).not.toBeInTheDocument();
  });
});
