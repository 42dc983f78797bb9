import { config } from 'zod/v4/core';

/**
 * Zod 4 compiles object parsers with `new Function` unless told not to, and first probes whether
 * it may with `Function('')`: under the server's strict Content-Security-Policy (no
 * 'unsafe-eval') that probe is a console error on every page (issue 13). The browser parses few
 * and small objects, so the interpreted parsers cost nothing noticeable. Imported first by main.tsx.
 */
config({ jitless: true });
