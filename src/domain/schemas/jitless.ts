import { z } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` unless told not to, and first probes whether
 * it may with `Function('')`: under the server's strict Content-Security-Policy (no
 * 'unsafe-eval') that probe is a console error on every page. In the browser the
 * parsers are interpreted (`jitless`): the browser parses few and small objects. The server,
 * where no CSP applies and serialisation is hot, keeps the compiled ones. Every schema module
 * imports this first, so it runs before any schema is used, and zod stays out of the first
 * download (the sign-in page uses no schema).
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
