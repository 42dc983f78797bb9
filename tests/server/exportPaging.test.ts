import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { col } from '../../server/exports/columns';
import { pagedReader, rowsReader, sendExport } from '../../server/exports/writeExport';

/**
 * A paged list (the officer roster, the audit log, LOSAP progress) longer than the export's short
 * first read comes out whole: its reader hands out a full page first, which once ended the export
 * after 2,000 rows while X-Total-Count said more.
 */
describe('an export of a paged list', () => {
  it('writes every row of a list longer than the first read, each once, in order', async () => {
    const all = Array.from({ length: 5_000 }, (_, i) => i + 1);
    const reads: Array<[number, number]> = [];
    const app = Fastify();
    app.get('/export', async (request, reply) => {
      const paged = await pagedReader(async (offset, limit) => {
        reads.push([offset, limit]);
        return { rows: all.slice(offset, offset + limit), total: all.length };
      }, 2_000);
      return sendExport(request, reply, { format: 'csv', name: 'numbers', sheet: 'Numbers', columns: [col.integer<number>('N', (n) => n)], ...paged });
    });
    const res = await app.inject({ method: 'GET', url: '/export' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5000');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('N');
    expect(lines.slice(1).map(Number)).toEqual(all);
    expect(reads[0]).toEqual([0, 2_000]);
  });
});

describe('an export whose rows change while it is written', () => {
  it('goes on past a page that comes back short (a ticket deleted since its id was read)', async () => {
    const ids = Array.from({ length: 3_000 }, (_, i) => i + 1);
    const deleted = new Set([5, 1_500]);
    const app = Fastify();
    app.get('/export', async (request, reply) =>
      sendExport(request, reply, {
        format: 'csv',
        name: 'tickets',
        sheet: 'Tickets',
        columns: [col.integer<number>('N', (n) => n)],
        total: ids.length,
        pageRows: 1_000,
        // the ids were read before the first byte; each page reads the ids' rows that still exist
        read: async (offset, limit, each) => ids.slice(offset, offset + limit).filter((id) => !deleted.has(id)).map(each),
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/export' });
    await app.close();
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines.slice(1).map(Number)).toEqual(ids.filter((id) => !deleted.has(id)));
  });
});

describe('an export without rows', () => {
  it('is the BOM and the header row alone', async () => {
    const app = Fastify();
    app.get('/export', async (request, reply) =>
      sendExport(request, reply, { format: 'csv', name: 'none', sheet: 'None', columns: [col.integer<number>('N', (n) => n)], total: 0, read: rowsReader([]) }),
    );
    const res = await app.inject({ method: 'GET', url: '/export' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe('\uFEFFN\n');
  });
});
