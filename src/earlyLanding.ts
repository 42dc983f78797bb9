import { TOKEN_KEY } from './domain/constants';

/**
 * The addresses that open without a full session (sign-in, password and two-step pages): no
 * signed-in code is started early there (src/main.tsx, and the hint below).
 */
export const OPEN_PATH = /\/(Login|PasswordReset|PasswordChange|TwoFactor|ConfirmEmail|SetPassword)\/?$/;

/** The window property where the early script leaves its requests for apiFetch (takeEarlyAnswer in src/providers/http.ts). */
export const EARLY_ANSWERS = '__rollCallEarly';

/** What the early script leaves: the token it asked with and each request's answer, by path under /api. */
export interface EarlyAnswers {
  token: string;
  answers: Record<string, Promise<Response> | undefined>;
}

/**
 * The GET requests, as paths under /api, that every signed-in page load makes first and that the
 * early script sends: the session check the signed-in layout waits for and the organisation's
 * config (src/main.tsx: startSessionCheck, startConfigLoad).
 */
export const EARLY_REQUESTS = ['/session', '/config'] as const;

/**
 * The source of the small script index.html loads first (vite.config.ts writes it as
 * assets/early-<hash>.js, an async module of a few hundred bytes that imports nothing, so it runs
 * as soon as it arrives). In a tab holding a session token, away from OPEN_PATH, it
 * - adds a modulepreload hint for `signedInUrl`, the signed-in layout's chunk with the officer's
 *   list: a phone then downloads it beside the first download instead of after that has arrived
 *   and run (src/main.tsx asks for it then, and finds it loaded or on its way);
 * - sends EARLY_REQUESTS with the token as apiFetch would, and leaves them under
 *   window[EARLY_ANSWERS]: the page's own first requests take their answers (takeEarlyAnswer)
 *   instead of asking once the first download has run, which on a phone's slow line is a second
 *   or more later.
 * It does nothing when the page's own script has already started (src/main.tsx asked for both
 * itself). The sign-in page downloads and asks nothing more. Input: the chunk's address under the app's
 * base, e.g. '/secure/assets/signedIn-1a2b.js'; output: JavaScript source.
 */
export function earlyLandingScript(signedInUrl: string): string {
  return [
    // nothing once the page's own script has started (it closes window[EARLY_ANSWERS]): the
    // browser runs this async script as soon as it arrives, which may be after that script
    `try{const t=sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)});if(t&&!${String(OPEN_PATH)}.test(location.pathname)&&!(${JSON.stringify(EARLY_ANSWERS)} in window)){`,
    `const l=document.createElement('link');l.rel='modulepreload';l.href=${JSON.stringify(signedInUrl)};document.head.append(l);`,
    `const a={};for(const p of ${JSON.stringify(EARLY_REQUESTS)}){const r=fetch(location.origin+'/api'+p,{headers:{Accept:'application/json',Authorization:'Bearer '+t}});r.catch(()=>{});a[p]=r}`,
    `window[${JSON.stringify(EARLY_ANSWERS)}]={token:t,answers:a}}}catch{}`,
  ].join('');
}
