import { test, expect, type Page, type BrowserContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { startServer, type E2EServer } from './server';
import { DEMO_PASSWORD, openWhenIdle } from './demo';
import { shot } from './guidePictures';
import { expectSound } from './pageChecks';
import { rc } from '../../src/domain/messages';
import { TOTP } from '../../src/domain/secondFactor';

const sf = rc.secondFactor;

/**
 * Two-step sign-in as the organisation meets it, with SECOND_FACTOR_LEVEL at its default (9) on
 * the demo organisation, which sets up the authenticator app of its administrator and auditor and
 * prints the key:
 * - the auditor (level 10) signs in with his password and a code computed from the printed key,
 *   and resets the administrator's two-step sign-in with a reason;
 * - the administrator (level 9) is then made to set one up before anything else (the server
 *   refuses him everything else), reads the key from the page, keeps his ten recovery codes, and
 *   signs in again with password + code, then with password + recovery code;
 * - an officer (level 1) on a phone is not asked; he adds a passkey on My Settings and signs in
 *   with it alone, and from the code step of a password sign-in too.
 * The server is opened as localhost: WebAuthn refuses IP addresses. Chromium's virtual
 * authenticator (DevTools protocol) stands in for a phone's fingerprint or a security key.
 */
let server: E2EServer;
let url: string;
let demoKey: string;
test.beforeAll(async () => {
  server = await startServer({ demo: true, env: { DEMO_PASSWORD, SECOND_FACTOR_LEVEL: '9' } });
  url = server.url.replace('127.0.0.1', 'localhost');
  demoKey = /authenticator key ([A-Z2-7]+)/.exec(server.output())?.[1] ?? '';
});
test.afterAll(async () => {
  await server?.stop();
});

/** The code an authenticator app shows for `secret` (base32), `stepsAhead` 30-second steps from now (the server takes one either side). */
const codeOf = (secret: string, stepsAhead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.period }).generate({
    timestamp: Date.now() + stepsAhead * TOTP.period * 1000,
  });

async function passwordStep(page: Page, login: string) {
  await page.goto(`${url}/secure/Login`);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function codeStep(page: Page, code: string) {
  await expect(page).toHaveURL(/\/TwoFactor/);
  await page.getByRole('textbox', { name: /^Code/ }).fill(code);
  await page.getByRole('button', { name: sf.verify.submit }).click();
}

const signedIn = (page: Page) => expect(page.getByRole('button', { name: /logout/i })).toBeVisible();

async function signOut(page: Page) {
  await page.getByRole('button', { name: /logout/i }).click();
  await expect(page).toHaveURL(/\/Login/);
}

async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

test('two-step sign-in: demo key, reset, forced set-up, code, recovery code, passkey', async ({ browser }) => {
  test.setTimeout(240_000);
  expect(demoKey, 'npm run demo prints the authenticator key of its level 9 and 10 logins').toMatch(/^[A-Z2-7]{32}$/);

  // The auditor: password and a code from the printed key; he resets the administrator's app.
  const auditorContext = await browser.newContext();
  const auditor = await auditorContext.newPage();
  await passwordStep(auditor, 'auditor');
  await expect(auditor.getByRole('heading', { name: sf.verify.title })).toBeVisible();
  await codeStep(auditor, codeOf(demoKey));
  await signedIn(auditor);
  await openWhenIdle(auditor, url, '/OfficerEdit/109');
  await auditor.getByRole('button', { name: sf.reset.action }).click();
  await auditor.getByRole('textbox', { name: sf.reset.reason }).fill('New phone: set the app up again');
  await auditor.getByRole('button', { name: sf.reset.submit, exact: true }).click();
  await expect(auditor.getByText(sf.reset.done)).toBeVisible();
  await auditorContext.close();

  // The administrator must set one up before anything else.
  const context = await browser.newContext();
  const page = await context.newPage();
  await passwordStep(page, 'administrator');
  await expect(page).toHaveURL(/\/TwoFactor/);
  await expect(page.getByText(sf.enrol.required)).toBeVisible();
  await shot(page, 'two-step-enrol', page.getByRole('img', { name: sf.enrol.qrAlt }), page.getByTestId('totp-secret'));
  await expectSound(page, 'the set-up step');
  // The server refuses everything else to this half-signed-in session, whatever the page asks.
  const token = await page.evaluate(() => sessionStorage.getItem('jwt'));
  const refused = await page.request.get(`${url}/api/officer/getSingle/101`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(sf.errors.stepPending);

  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: /^Code/ }).fill(codeOf(secret));
  await page.getByRole('button', { name: sf.enrol.confirm }).click();
  const list = page.getByRole('list', { name: sf.enrol.recoveryTitle });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await shot(page, 'two-step-recovery-codes', list);
  await page.getByRole('button', { name: sf.enrol.recoveryDone }).click();
  await signedIn(page);
  await signOut(page);

  // Password + code (the next step's: this step's code was just used, and a code works once).
  await passwordStep(page, 'administrator');
  await page.getByRole('textbox', { name: /^Code/ }).fill('000000');
  await page.getByRole('button', { name: sf.verify.submit }).click();
  await expect(page.getByText(sf.errors.invalidCode)).toBeVisible();
  await codeStep(page, codeOf(secret, 1));
  await signedIn(page);
  await signOut(page);
  // Password + recovery code.
  await passwordStep(page, 'administrator');
  await codeStep(page, codes[0]);
  await signedIn(page);
  await context.close();

  // An officer on a phone is not asked; he adds a passkey and signs in with it alone.
  const officerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const officer = await officerContext.newPage();
  await virtualAuthenticator(officerContext, officer);
  await passwordStep(officer, 'officer');
  await signedIn(officer);
  await openWhenIdle(officer, url, '/MySettings');
  await officer.getByRole('button', { name: sf.settings.passkeyAdd }).click();
  await officer.getByRole('textbox', { name: sf.settings.passkeyName }).fill('My phone');
  await officer.getByRole('button', { name: sf.steps.passkeyRegister }).click();
  // his first factor: his recovery codes come with it, shown once
  await expect(officer.getByRole('list', { name: sf.enrol.recoveryTitle }).getByRole('listitem')).toHaveCount(10);
  await officer.getByRole('button', { name: sf.enrol.recoveryDone }).click();
  await expect(officer.getByText('My phone', { exact: true })).toBeVisible();
  await expect(officer.getByText('10 of 10 left')).toBeVisible();
  await shot(officer, 'two-step-settings', officer.getByRole('heading', { name: sf.settings.title }));
  await signOut(officer);
  await officer.getByRole('button', { name: sf.login.passkey }).click();
  await signedIn(officer);
  await signOut(officer);
  // With a passkey he has a second factor: a password sign-in now asks for it.
  await passwordStep(officer, 'officer');
  await expect(officer.getByRole('heading', { name: sf.verify.title })).toBeVisible();
  await expectSound(officer, 'the code step at 375 px');
  await officer.getByRole('button', { name: sf.verify.usePasskey }).click();
  await signedIn(officer);
  await expect(officer).not.toHaveURL(/\/TwoFactor/);
  await officerContext.close();
});
