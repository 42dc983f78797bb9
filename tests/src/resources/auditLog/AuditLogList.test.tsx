import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { startMswServer } from '../../msw';
import { signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { AuditLogList } from '../../../../src/resources/auditLog/AuditLogList';
import { auditCsv } from '../../../../src/resources/auditLog/auditCsv';
import type { AuditLogRow } from '../../../../src/domain/schemas/auditLog';
import { admin, superUser } from '../uploads/uploadMocks';

const server = startMswServer();

function entry(o: Partial<AuditLogRow> = {}): AuditLogRow {
  return {
    id: 7,
    at: '2026-03-31T16:00:00.000Z',
    actorId: 310,
    actorName: 'Roster, Rita',
    actorLogin: 'roster10',
    action: 'update',
    entity: 'officer',
    entityId: '320',
    outcome: 'success',
    changes: { mobile: { before: '516-555-0121', after: '516-555-0999' }, soundex: { before: '[redacted]', after: '[redacted]' } },
    details: null,
    requestId: 'b1',
    repeatCount: 1,
    ...o,
  };
}
const lockout = entry({ id: 6, actorId: null, actorName: null, actorLogin: null, action: 'lockout', entityId: '302', outcome: 'failure', changes: null, details: '5 failures in a row' });

function auditHandlers(rows: AuditLogRow[], user = superUser) {
  const lists: Array<Record<string, string>> = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/auditLog/getMultiple', ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      lists.push(q);
      const shown = rows.filter((r) => !q.action || r.action === q.action);
      return HttpResponse.json(shown, { headers: { 'X-Total-Count': String(shown.length) } });
    }),
  );
  return lists;
}

describe('/AuditLogBrowse (Administrative Functions > Audit Log)', () => {
  it('shows level 10 the log newest first with the changed fields, and filters it', async () => {
    const lists = auditHandlers([entry(), lockout]);
    signIn(superUser);
    renderInAdmin(<AuditLogList />, '/AuditLogBrowse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('(A0310) Roster, Rita');
    expect(rows[1]).toHaveTextContent('mobile: 516-555-0121 -> 516-555-0999; soundex: [redacted] -> [redacted]');
    expect(rows[2]).toHaveTextContent('(nobody signed in)');
    expect(rows[2]).toHaveTextContent('Failure');
    expect(lists[0]).toMatchObject({ _sort: 'at', _order: 'DESC' });
    await userEvent.type(screen.getByLabelText('Action'), 'lockout');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ action: 'lockout' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit Log' })).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('exports every page of the filtered log as CSV', async () => {
    const lists = auditHandlers([entry(), lockout]);
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:csv'), revokeObjectURL: () => {} }));
    signIn(superUser);
    renderInAdmin(<AuditLogList />, '/AuditLogBrowse');
    const button = await screen.findByRole('button', { name: 'Export CSV' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(lists.at(-1)).toMatchObject({ _start: '0', _end: '200' });
    const csv = await created[0].text();
    expect(csv.split('\n')[0]).toBe('"Time (UTC)","Officer ID","Officer","Login","Action","Record","Record ID","Outcome","Times","Changes","Details","Request ID"');
    expect(csv).toContain('lockout');
    vi.unstubAllGlobals();
  });

  it('is Unauthorized! below level 10, without asking the server', async () => {
    const lists = auditHandlers([entry()], admin);
    signIn(admin);
    renderInAdmin(<AuditLogList />, '/AuditLogBrowse');
    expect(await screen.findByText('Your access level does not include this page.')).toBeInTheDocument();
    expect(lists).toEqual([]);
  });

  it('shows cards on a phone', async () => {
    auditHandlers([entry()]);
    setScreenWidth(375);
    signIn(superUser);
    renderInAdmin(<AuditLogList />, '/AuditLogBrowse');
    const cards = await screen.findByRole('list', { name: 'Audit Log' });
    expect(within(cards).getByRole('heading', { name: /update · officer 320 · Success/ })).toBeInTheDocument();
  });
});

describe('who acted, and refusals counted into one entry', () => {
  const flood = entry({
    id: 8,
    actorId: 2004,
    actorName: 'Original, Olga',
    actorLogin: 'olga2004',
    action: 'denied',
    entity: 'request',
    entityId: 'GET /api/auditLog/getMultiple',
    outcome: 'denied',
    changes: null,
    details: 'Unauthorized!',
    repeatCount: 1818,
  });
  const once = entry({ ...flood, id: 9, repeatCount: 1 });

  it('names the officer with the login he had, and shows how many identical refusals an entry stands for', async () => {
    auditHandlers([flood, once]);
    signIn(superUser);
    renderInAdmin(<AuditLogList />, '/AuditLogBrowse');
    const rows = within(await screen.findByRole('table', { name: 'Audit Log' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('(A2004) Original, Olga (olga2004)');
    expect(within(rows[1]).getByTitle('Refused 1,818 times within a minute')).toHaveTextContent('Denied × 1,818');
    expect(rows[2]).toHaveTextContent('Denied');
    expect(rows[2]).not.toHaveTextContent('×');
  });

  it('shows the count on a phone card too', async () => {
    auditHandlers([flood]);
    setScreenWidth(375);
    signIn(superUser);
    renderInAdmin(<AuditLogList />, '/AuditLogBrowse');
    const cards = await screen.findByRole('list', { name: 'Audit Log' });
    expect(within(cards).getByRole('heading', { name: 'denied · request GET /api/auditLog/getMultiple · Denied × 1,818' })).toBeInTheDocument();
    expect(cards).toHaveTextContent('(A2004) Original, Olga (olga2004)');
  });
});

describe('auditCsv', () => {
  it('quotes commas, quotes and line breaks', async () => {
    const csv = await auditCsv([entry({ details: 'said "no", then\nleft' })]);
    expect(csv).toContain('"said ""no"", then\nleft"');
  });

  it('writes every text cell that starts with = + - @ tab or carriage return inert, behind a single quote', async () => {
    const csv = await auditCsv([
      entry({
        actorName: '=HYPERLINK("http://evil.example/","click")',
        actorLogin: '-login',
        action: '+SUM(1,2)',
        entity: '@officer',
        entityId: '-320',
        details: '\t=1+1',
        requestId: '\r=1+1',
        changes: null,
      }),
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/"",""click"")"`);
    for (const cell of [`"'-login"`, `"'+SUM(1,2)"`, `"'@officer"`, `"'-320"`, `"'\t=1+1"`, `"'\r=1+1"`]) expect(csv).toContain(cell);
    for (const line of csv.split('\n')) expect(line).not.toMatch(/(^|,)"?[=+\-@\t\r]/);
  });

  it("carries the actor's login as it was and how many identical refusals an entry stands for", async () => {
    const csv = await auditCsv([entry({ outcome: 'denied', repeatCount: 1818 })]);
    expect(csv.split('\n')[1]).toContain('"310","Roster, Rita","roster10","update","officer","320","denied","1818",');
  });

  it('keeps a carriage return inside its quoted cell, so a spreadsheet cannot start a new row at it', async () => {
    const csv = await auditCsv([entry({ details: 'left\r=1+1' })]);
    expect(csv).toContain('"left\r=1+1"');
  });
});
