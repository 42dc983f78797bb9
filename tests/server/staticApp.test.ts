import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './helpers';
import { SCALE, auditorToken, seedScaleWorld } from './scale.fixtures';

/**
 * the built app's files go out as the build compressed them (brotli or gzip by
 * Accept-Encoding), hashed assets are cached for a year, index.html is revalidated; JSON answers
 * above 1 KiB, the ticket list's pre-built JSON string included, are compressed on the fly.
 * A small stand-in build: index.html and a hashed script with its .br and .gz twins, as
 * vite.config.ts writes them.
 */
let t: TestApp;
let dist: string;
let token: string;
const SCRIPT = `console.log(${JSON.stringify('Roll Call '.repeat(400))});\n`;
const SCRIPT_PATH = '/secure/assets/index-AbC123.js';

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), `<!doctype html><script type="module" src="${SCRIPT_PATH}"></script><div id="root"></div>`);
  await fs.writeFile(path.join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  await fs.writeFile(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  await fs.writeFile(path.join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  t = await startTestApp({ staticDir: dist });
  await seedScaleWorld(t.app);
  token = await auditorToken(t.app);
}, 120_000);
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the built app', () => {
  it('sends the main script brotli-compressed when asked, gzip when only that is accepted, plain otherwise', async () => {
    const br = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get(SCRIPT_PATH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year and makes them revalidate index.html', async () => {
    const script = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/secure/', '/secure/TimeTicketBrowse?officerId=1']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.etag).toBeTruthy();
      const again = await get(url, { 'if-none-match': String(page.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
  });

  it('answers a script that no longer exists (an old tab after a deploy) with 404, not the page', async () => {
    const gone = await get('/secure/assets/tickets-Old000.js', { 'accept-encoding': 'br' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('<div id="root">');
  });
});

describe('API answers', () => {
  const LIST = `/api/timeTickets/getMultiple?officerId=${SCALE.FIRST_OFFICER}&_sort=startDate&_order=DESC&_start=0&_end=100`;

  it('compresses the ticket list (a pre-built JSON string) for a client that accepts brotli, to the same JSON', async () => {
    const plain = await call(t.app, 'GET', LIST, { token });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text.length).toBeGreaterThan(1024);

    const br = await call(t.app, 'GET', LIST, { token, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/application\/json/);
    const res = await t.app.inject({ method: 'GET', url: LIST, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.text);
  });

  it('sends small answers as they are', async () => {
    const session = await call(t.app, 'GET', '/api/session', { token, headers: { 'accept-encoding': 'br' } });
    expect(session.status).toBe(200);
    expect(session.text.length).toBeLessThan(1024);
    expect(session.headers['content-encoding']).toBeUndefined();
  });
});
