import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createOfficer, tokenFor, type TestApp } from './helpers';
import { BOUNDARY, samplePdf, sendUpload, uploadRecord } from './uploads.fixtures';

const MIB = 1024 * 1024;
/**
 * The garbage collector. Each measurement starts from a collected heap, and every sample follows a
 * minor collection: socket chunks the server has already passed on are garbage V8 may leave
 * uncollected for a while (up to ~20 MB here without it), which says nothing about what the server
 * keeps. Buffering the upload would still show, as it stays reachable.
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;
let t: TestApp;
let port: number;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  await createOfficer(t.app, { officerId: 501, accessTypeId: 9 });
  admin = await tokenFor(t.app, 501);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Outcome {
  status: number;
  body: { message?: string };
  /** Bytes the client had written when the answer arrived. */
  sentWhenAnswered: number;
  /** Largest growth of this process's RSS over the request, in bytes. */
  rssGrowth: number;
}

/**
 * POSTs a multipart upload whose file is a PDF header followed by `megabytes` MiB of zeros,
 * generated in 64 KiB chunks (the client never holds the file), to the listening server, with a
 * Content-Length or chunked. Collects garbage, then samples RSS (after a minor collection) every
 * 5 ms from just before the request until the answer; the growth is the highest sample less the first.
 */
function bigUpload(megabytes: number, withLength: boolean): Promise<Outcome> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="jsonBodyData"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(uploadRecord())}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024);
  const chunks = (megabytes * MIB) / chunk.length;
  const total = head.length + chunks * chunk.length + tail.length;
  gc();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    gc({ type: 'minor' });
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/uploads/insert',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(withLength ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage.rss());
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString() || '{}'), sentWhenAnswered, rssGrowth: peak - baseline });
      });
    });
    req.on('error', (err) => {
      if (!answered) {
        clearInterval(sampler);
        reject(err);
      }
    });
    const write = (b: Buffer) => {
      sent += b.length;
      return req.write(b);
    };
    let i = 0;
    const pump = () => {
      if (answered) return;
      if (i === 0) write(head);
      while (i < chunks) {
        i++;
        if (!write(chunk)) {
          req.once('drain', pump);
          return;
        }
        if (answered) return;
      }
      req.end(tail);
    };
    pump();
  });
}

describe('upload size limit (UPLOAD_MAX_MB, default 20)', () => {
  it('answers a 60 MB upload streamed without Content-Length with 413 while it streams; RSS grows by less than 30 MB', async () => {
    await bigUpload(1, true); // warm up the code paths
    const out = await bigUpload(60, false);
    console.info(`60 MB chunked upload: RSS grew by ${(out.rssGrowth / MIB).toFixed(1)} MB; answered after ${(out.sentWhenAnswered / MIB).toFixed(1)} MB sent`);
    expect(out.status).toBe(413);
    expect(out.body.message).toBe('The file is larger than the 20 MB limit.');
    expect(out.sentWhenAnswered).toBeLessThan(60 * MIB);
    expect(out.rssGrowth).toBeLessThan(30 * MIB);
  });

  it('answers a 60 MB upload with a Content-Length at once with 413; RSS grows by less than 30 MB', async () => {
    const out = await bigUpload(60, true);
    console.info(`60 MB upload with Content-Length: RSS grew by ${(out.rssGrowth / MIB).toFixed(1)} MB; answered after ${(out.sentWhenAnswered / MIB).toFixed(1)} MB sent`);
    expect(out.status).toBe(413);
    expect(out.body.message).toBe('The file is larger than the 20 MB limit.');
    expect(out.rssGrowth).toBeLessThan(30 * MIB);
  });

  it('keeps serving after refusing an upload: the next upload is stored', async () => {
    const ok = await bigUpload(1, true);
    expect(ok.status).toBe(201);
  });
});

describe('UPLOAD_MAX_MB=1', () => {
  let small: TestApp;
  let token: string;
  beforeAll(async () => {
    small = await startTestApp({ env: { UPLOAD_MAX_MB: '1' } });
    await createOfficer(small.app, { officerId: 502, accessTypeId: 9 });
    token = await tokenFor(small.app, 502);
  });
  afterAll(() => small.close());

  it('stores a file of exactly 1 MiB and refuses one byte more (413)', async () => {
    const pdf = samplePdf();
    const exact = Buffer.concat([pdf, Buffer.alloc(MIB - pdf.length, 0x20)]);
    const ok = await sendUpload(small.app, token, 'POST', uploadRecord(), { filename: 'exact.pdf', data: exact });
    expect(ok.status).toBe(201);
    expect(ok.body.fileSize).toBe(MIB);
    const over = await sendUpload(small.app, token, 'POST', uploadRecord(), { filename: 'over.pdf', data: Buffer.concat([exact, Buffer.from(' ')]) });
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('The file is larger than the 1 MB limit.');
  });
});
