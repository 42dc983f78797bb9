import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app';
import { readConfig } from '../../server/config';
import { DEMO_DOCUMENTS } from '../../server/db/demoDocuments';
import { minimalPdf } from '../../server/db/demoPdf';
import { pdfPagesText } from '../pdfText';
import { acceptedContentType } from '../../server/uploads/documentType';
import { call } from './helpers';
import { copyTemplateDatabase } from './pgliteTemplate';

let app: App;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-demo-docs-'));
  await copyTemplateDatabase(dataDir);
  // The demo's data is under test here, not two-step sign-in (tests/server/twoFactor.test.ts).
  app = await buildApp(readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECOND_FACTOR_LEVEL: 'off' }), { demoPassword: 'Demo2026', logger: false });
});
afterAll(async () => {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const signIn = async (login: string) => (await call(app, 'POST', '/api/authenticate', { body: { username: login, password: 'Demo2026' } })).body.jwt as string;

describe('the demo organisation’s documents (sample PDFs the project generates)', () => {
  it('generates PDFs a reader opens: the header the server checks, the title and lines as text', async () => {
    const pdf = minimalPdf('Form (12L) \\ test', ['Line one', 'Line (two)']);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfPagesText(pdf)).toEqual([['Form (12L) \\ test', 'Line one', 'Line (two)']]);
    const file = path.join(dataDir, 'check.pdf');
    await fs.writeFile(file, pdf);
    expect(await acceptedContentType('check.pdf', file, pdf.length)).toBe('application/pdf');
  });

  it('fills the Forms page groups, the 159 board and LOSAP Notices; every file downloads as a PDF', async () => {
    const jwt = await signIn('officer');
    const forms = await call(app, 'GET', '/api/uploads/getMultiple', { token: jwt, query: { uploadTypeId: '3,4,5,6,7' } });
    expect(new Set(forms.body.map((u: { uploadType: { uploadTypeId: number } }) => u.uploadType.uploadTypeId))).toEqual(new Set([3, 4, 5, 6, 7]));
    expect(forms.body.some((u: { linkUrl: string | null }) => u.linkUrl?.startsWith('https://'))).toBe(true);
    const all = await call(app, 'GET', '/api/uploads/getMultiple', { token: jwt });
    // the curated documents, beside the generated 159s and LOSAP notices of the bigger demo organisation
    const descriptions = all.body.map((u: { description: string }) => u.description);
    for (const d of DEMO_DOCUMENTS) expect(descriptions).toContain(d.description);
    for (const u of all.body.filter((x: { filename: string | null }) => x.filename)) {
      const file = await call(app, 'GET', `/api/uploads/download/${u.uploadId}`, { token: jwt });
      expect(file.status, u.filename).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.text.startsWith('%PDF-')).toBe(true);
    }
  });

  it('has the demo officers’ 159s signed off, so each demo login still lands on his time tickets', async () => {
    for (const [login, officerId] of [['officer', 101], ['supervisor', 105], ['administrator', 109], ['auditor', 110]] as const) {
      const res = await call(app, 'GET', `/api/countUnread159s/${officerId}`, { token: await signIn(login) });
      expect(res.text, login).toBe('0');
    }
    const board = await call(app, 'GET', '/api/uploads/getMultiple', { token: await signIn('officer'), query: { uploadTypeId: '1' } });
    expect(board.body.length).toBeGreaterThan(0);
    expect(board.body.every((u: { signoffTimestamp: string | null }) => u.signoffTimestamp)).toBe(true);
  });

  it('has news to read, the first of which cannot be removed', async () => {
    const news = await call(app, 'GET', '/api/news/getMultiple', { token: await signIn('officer') });
    expect(news.body.length).toBeGreaterThanOrEqual(2);
    expect(news.body.find((n: { newsId: number }) => n.newsId === 1)).toMatchObject({ hasChildren: 'Y' });
    expect(news.body.some((n: { newsText: string }) => n.newsText.includes('\n'))).toBe(true);
  });
});
