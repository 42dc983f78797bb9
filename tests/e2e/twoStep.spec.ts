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
 * Two-step sign-in as the organisation meets it, with SECOND_FACTOR_LEVEL at its default (9):
 * - the auditor (level 10) is made to set up an authenticator app before anything else, keeps his
 *   ten recovery codes, signs in again with one of them, adds a passkey and signs in with it alone;
 * - an officer (level 1) turns the app on by choice on My Settings; the auditor resets it from his
 *   record with a reason; the officer then signs in with his password alone.
 * The server is opened as localhost: WebAuthn refuses IP addresses. Chromium's virtual
 * authenticator (DevTools protocol) stands in for a phone or security key.
 */
let server: E2EServer;
let url: string;
test.beforeAll(async () => {
  server = await startServer({ demo: true, env: { DEMO_PASSWORD, SECOND_FACTOR_LEVEL: '9' } });
  url = server.url.replace('127.0.0.1', 'localhost');
});
test.afterAll(async () => {
  await server?.stop();
});

/** The code an authenticator app shows now for `secret` (base32). */
const codeOf = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.period }).generate();

async function passwordStep(page: Page, login: string) {
  await page.goto(`${url}/secure/Login`);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const signedIn = (page: Page) => expect(page.getByRole('button', { name: /logout/i })).toBeVisible();

async function signOut(page: Page) {
  await page.getByRole('button', { name: /logout/i }).click();
  await expect(page).toHaveURL(/\/Login/);
}

/** Sets up the authenticator app from the set-up block on the page; returns the secret and the recovery codes shown. */
async function setUpApp(page: Page): Promise<{ secret: string; codes: string[] }> {
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: /^Code/ }).fill(codeOf(secret));
  await page.getByRole('button', { name: sf.enrol.confirm }).click();
  const list = page.getByRole('list', { name: sf.enrol.recoveryTitle });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  return { secret, codes };
}

async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

test('two-step sign-in: forced on the auditor, chosen by an officer, recovery code, passkey, reset', async ({ browser }) => {
  test.setTimeout(240_000);

  // An officer (level 1) is not asked, and turns the authenticator app on by choice, on his phone.
  const officerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const officer = await officerContext.newPage();
  await passwordStep(officer, 'officer');
  await signedIn(officer);
  await openWhenIdle(officer, url, '/MySettings');
  await officer.getByRole('button', { name: sf.settings.totpSetUp }).click();
  await setUpApp(officer);
  await officer.getByRole('button', { name: sf.enrol.recoveryDone }).click();
  await expect(officer.getByText(/^On since \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await signOut(officer);
  await passwordStep(officer, 'officer');
  await expect(officer).toHaveURL(/\/TwoFactor/);
  await expect(officer.getByRole('heading', { name: sf.verify.title })).toBeVisible();
  await expectSound(officer, 'the code step at 375 px');
  await officer.getByRole('button', { name: sf.verify.cancel }).click();
  await expect(officer).toHaveURL(/\/Login/);

  // The auditor (level 10) must set one up before anything else.
  const context = await browser.newContext();
  const page = await context.newPage();
  await passwordStep(page, 'auditor');
  await expect(page).toHaveURL(/\/TwoFactor/);
  await expect(page.getByText(sf.enrol.required)).toBeVisible();
  await shot(page, 'two-step-enrol', page.getByRole('img', { name: sf.enrol.qrAlt }), page.getByTestId('totp-secret'));
  // The server refuses everything else to this half-signed-in session, whatever the page asks.
  const token = await page.evaluate(() => sessionStorage.getItem('jwt'));
  const refused = await page.request.get(`${url}/api/officer/getSingle/101`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(sf.errors.stepPending);

  const { codes } = await setUpApp(page);
  await shot(page, 'two-step-recovery-codes', page.getByRole('list', { name: sf.enrol.recoveryTitle }));
  await page.getByRole('button', { name: sf.enrol.recoveryDone }).click();
  await signedIn(page);
  await signOut(page);

  // Next sign-in: the password, then a code. A wrong one is refused; a recovery code works once.
  await passwordStep(page, 'auditor');
  await expect(page).toHaveURL(/\/TwoFactor/);
  await page.getByRole('textbox', { name: /^Code/ }).fill('000000');
  await page.getByRole('button', { name: sf.verify.submit }).click();
  await expect(page.getByText(sf.errors.invalidCode)).toBeVisible();
  await page.getByRole('textbox', { name: /^Code/ }).fill(codes[0]);
  await page.getByRole('button', { name: sf.verify.submit }).click();
  await signedIn(page);

  // A passkey on this device, from My Settings; then a sign-in with it alone.
  await virtualAuthenticator(context, page);
  await openWhenIdle(page, url, '/MySettings');
  await page.getByRole('button', { name: sf.settings.passkeyAdd }).click();
  await page.getByRole('textbox', { name: sf.settings.passkeyName }).fill('Desk laptop');
  await page.getByRole('button', { name: sf.steps.passkeyRegister }).click();
  await expect(page.getByText('Desk laptop')).toBeVisible();
  await expect(page.getByText('9 of 10 left')).toBeVisible();
  await shot(page, 'two-step-settings', page.getByRole('heading', { name: sf.settings.title }));
  await signOut(page);
  await page.getByRole('button', { name: sf.login.passkey }).click();
  await signedIn(page);

  // The officer lost his phone: the auditor resets his two-step sign-in from his record.
  await openWhenIdle(page, url, '/OfficerEdit/101');
  await page.getByRole('button', { name: sf.reset.action }).click();
  await page.getByRole('textbox', { name: sf.reset.reason }).fill('Lost his phone on patrol');
  await page.getByRole('button', { name: sf.reset.submit, exact: true }).click();
  await expect(page.getByText(sf.reset.done)).toBeVisible();
  await context.close();

  await passwordStep(officer, 'officer');
  await signedIn(officer);
  await expect(officer).not.toHaveURL(/\/TwoFactor/);
  await officerContext.close();
});
