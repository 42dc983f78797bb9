import { TOKEN_KEY } from './domain/constants';

/**
 * The addresses that open without a full session (sign-in, password and two-step pages): no
 * signed-in code is started early there (src/main.tsx, and the hint below).
 */
export const OPEN_PATH = /\/(Login|PasswordReset|PasswordChange|TwoFactor|ConfirmEmail|SetPassword)\/?$/;

/**
 * The source of the small script index.html loads first (vite.config.ts writes it as
 * assets/early-<hash>.js, an async module of a few hundred bytes that imports nothing, so it runs
 * as soon as it arrives). In a tab holding a session token, away from OPEN_PATH, it adds a
 * modulepreload hint for `signedInUrl`, the signed-in layout's chunk with the officer's list: a
 * phone then downloads it beside the first download instead of after that has arrived and run
 * (src/main.tsx asks for it then, and finds it loaded or on its way). The sign-in page downloads
 * nothing more. Input: the chunk's address under the app's base, e.g.
 * '/secure/assets/signedIn-1a2b.js'; output: JavaScript source.
 */
export function earlyLandingScript(signedInUrl: string): string {
  return [
    `try{if(sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)})&&!${String(OPEN_PATH)}.test(location.pathname)){`,
    `const l=document.createElement('link');l.rel='modulepreload';l.href=${JSON.stringify(signedInUrl)};document.head.append(l)}}catch{}`,
  ].join('');
}
