import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { AuditLogList } from '../../../../src/resources/auditLog/AuditLogList';
import type { AuditLogRow } from '../../../../src/domain/schemas/auditLog';
import { admin, superUser } from '../uploads/uploadMocks';
import { listExtras } from '../../../../src/common/ListActions';

const server = startMswServer();
// Export and Print are a chunk of their own, drawn once the list has painted: fetched here first,
// as its first import in a test run can take longer than a query waits
beforeAll(async () => {
  await listExtras();
}, 30_000);

afterEach(() => vi.restoreAllMocks());

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
    await waitFor(async () => expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled());
  });

  it('exports the filtered, sorted log from the server, every page, under the name the server gives', async () => {
    auditHandlers([entry(), lockout]);
    const exports: SeenRequest[] = [];
    server.use(
      http.get('*/api/auditLog/export', async ({ request }) => {
        exports.push(await describeRequest(request));
        return new HttpResponse('"Time (UTC)","Action"\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-log-2026-03-01-to-2026-03-31.csv"', 'X-Total-Count': '1' },
        });
      }),
    );
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    signIn(superUser);
    renderInAdmin(<AuditLogList />, '/AuditLogBrowse');
    await userEvent.type(await screen.findByLabelText('Action'), 'lockout');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit Log' })).getAllByRole('row')).toHaveLength(2));
    const button = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(names).toEqual(['audit-log-2026-03-01-to-2026-03-31.csv']));
    expect(exports).toHaveLength(1);
    expect(exports[0].query).toEqual({ action: 'lockout', _sort: 'at', _order: 'DESC', format: 'csv' });
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
