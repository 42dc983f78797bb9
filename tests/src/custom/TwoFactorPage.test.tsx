import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { inAdminPath, renderInAdmin } from '../renderInAdmin';
import { currentPath, renderApp } from '../renderApp';
import { TwoFactorPage } from '../../../src/custom/twoFactor/TwoFactorPage';
import { getSessionUser } from '../../../src/providers/session';

const server = startMswServer();

const chief = (stage: 'required' | 'enrol' | null) =>
  sessionUser({ officerId: 9, accessType: { accessTypeId: 9, description: 'Administrator' }, secondFactor: stage, login: 'chief' });

const renderPage = () => renderInAdmin(<TwoFactorPage />, '/TwoFactor', { others: ['/', '/Login', '/PasswordChange'] });

const CODES = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'iiiii-jjjjj', 'kkkkk-lllll', 'mmmmm-nnnnn', 'ooooo-ppppp', 'qqqqq-rrrrr', 'sssss-ttttt'];

/** The calls after the step: the last sign-in date (a normal sign-in's) and sign-out. Returns the requests seen. */
function landingHandlers() {
  const seen: SeenRequest[] = [];
  server.use(
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

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/TwoFactor verify step', () => {
  it("a wrong code shows the server's 'Invalid code!' and keeps him signed in; a right one lands him as a sign-in would", async () => {
    const seen = landingHandlers();
    const codes: unknown[] = [];
    server.use(
      http.post('*/api/twoFactor/verify', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        codes.push(code);
        if (code !== '123456') return HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid code!' }, { status: 401 });
        return HttpResponse.json({ user: chief(null) });
      }),
    );
    signIn(chief('required'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /^Code/ });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('type', 'text');
    // no WebAuthn in this browser: no passkey button
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).not.toBeInTheDocument();

    await userEvent.type(field, '000 000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code!');
    expect(inAdminPath()).toBe('/TwoFactor');
    expect(sessionStorage.getItem('jwt')).toBe('tok');
    expect(getSessionUser()?.secondFactor).toBe('required');

    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Page /')).toBeInTheDocument();
    // spaces are dropped before sending
    expect(codes).toEqual(['000000', '123456']);
    expect(getSessionUser()?.secondFactor).toBeNull();
    expect(getSessionUser()?.login).toBe('chief');
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/updateLastLoginDate/9']);
  });

  it('a recovery code says how many are left', async () => {
    landingHandlers();
    server.use(http.post('*/api/twoFactor/verify', () => HttpResponse.json({ user: chief(null), recoveryCodesLeft: 3 })));
    signIn(chief('required'));
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: /^Code/ }), 'K3F9Q-7MZ2X');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Recovery code used\. 3 left/)).toBeInTheDocument();
    expect(await screen.findByText('Page /')).toBeInTheDocument();
  });

  it('Sign out ends the half session and goes to /Login', async () => {
    const seen = landingHandlers();
    signIn(chief('required'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Page /Login')).toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/logout']);
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('a full session has nothing to do here and goes home', async () => {
    signIn(chief(null));
    renderPage();
    expect(await screen.findByText('Page /')).toBeInTheDocument();
  });
});

describe('/TwoFactor enrol step', () => {
  it('shows the QR code and the key, confirms a code, shows the 10 recovery codes once, then lands', async () => {
    landingHandlers();
    const confirms: unknown[] = [];
    server.use(
      http.post('*/api/twoFactor/totp/setup', () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Roll%20Call:chief?secret=JBSW', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>' }),
      ),
      http.post('*/api/twoFactor/totp/confirm', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        confirms.push(code);
        if (code !== '654321') return HttpResponse.json({ statusCode: 401, message: 'Invalid code!' }, { status: 401 });
        return HttpResponse.json({ recoveryCodes: CODES, user: chief(null) });
      }),
    );
    signIn(chief('enrol'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Your access level must use a second factor. Set one up to continue.')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: /^Code/ });
    await userEvent.type(field, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid code!')).toBeInTheDocument();
    expect(sessionStorage.getItem('jwt')).toBe('tok');

    await userEvent.clear(field);
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    // the stage is over: the stored user says so while the codes show
    expect(getSessionUser()?.secondFactor).toBeNull();

    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(names).toEqual(['roll-call-recovery-codes.txt']);
    expect(await saved[0].text()).toBe(`${CODES.join('\n')}\n`);

    await userEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Page /')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0])).not.toBeInTheDocument();
    expect(confirms).toEqual(['111111', '654321']);
  });
});

describe('while the second factor is pending', () => {
  it('any other page sends him to /TwoFactor', async () => {
    server.use(
      http.get('*/api/session', () => HttpResponse.json({ user: chief('required') })),
      http.get('*/api/getLookupTable', () => HttpResponse.json([])),
      http.get('*/api/getPrecinctTable', () => HttpResponse.json([])),
    );
    signIn(chief('required'));
    renderApp('/EventSearch');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/TwoFactor'));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('the password change waits for the second factor', async () => {
    signIn({ ...chief('required'), lastLoginDate: null });
    renderApp('/PasswordChange');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/TwoFactor');
  });
});
