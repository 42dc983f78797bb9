import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { ImportPage } from '../../../../src/resources/imports/ImportPage';
import type { ImportInspection, ImportJob, ImportReportAnswer } from '../../../../src/domain/schemas/imports';

const server = startMswServer();
afterEach(() => vi.restoreAllMocks());

const rosterAdmin = sessionUser({ officerId: 10, lastName: 'Adler', accessType: { accessTypeId: 10, description: 'Auditor' } });
const administrator = sessionUser({ officerId: 9, lastName: 'Abrams', accessType: { accessTypeId: 9, description: 'Administrator' } });

const HEADERS = ['officerId', 'Login', 'First Name', 'Surname', 'Precinct'];

/** The inspection of a file whose last name column the automatic match did not recognise. */
const inspection: ImportInspection = {
  format: 'csv',
  encoding: 'windows-1252',
  delimiter: ';',
  headers: HEADERS,
  mapping: { officerId: 'officerId', login: 'Login', firstName: 'First Name', lastName: null, precinct: 'Precinct', middle: null },
  missing: ['lastName'],
  rows: [
    { line: 2, values: ['A1000', 'imported1000', 'Anne', 'Miller', '3rd Precinct'] },
    { line: 3, values: ['A1001', 'imported1001', 'José', 'Müller', '42nd Precinct'] },
  ],
};

const counts = (o: Partial<ImportJob['counts']> = {}) => ({ new: 0, unchanged: 0, changed: 0, refused: 0, ...o });

function dryRunReport(o: Partial<ImportReportAnswer> = {}): ImportReportAnswer {
  return {
    kind: 'officers',
    dryRun: true,
    format: 'csv',
    encoding: 'windows-1252',
    delimiter: ';',
    headers: HEADERS,
    mapping: inspection.mapping,
    rows: 50,
    counts: counts({ new: 46, changed: 1, refused: 3 }),
    refused: [
      { line: 12, values: [], issues: [{ field: 'lastName', message: 'Required' }] },
      { line: 25, values: [], issues: [{ field: 'login', message: 'Duplicate record - unique constraint violated!' }] },
      { line: 40, values: [], issues: [{ field: 'precinct', message: 'Unknown Precinct: "42nd Precinct"' }] },
    ],
    changed: [{ line: 7, key: 'A1005', fields: ['homeCity', 'mobile'] }],
    unknownValues: [{ field: 'precinct', value: '42nd Precinct', rows: 1 }],
    truncated: false,
    seconds: 0.4,
    ...o,
  };
}

function job(o: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 5,
    kind: 'officers',
    fileName: 'roster.csv',
    status: 'running',
    rows: 0,
    counts: counts(),
    bytesRead: 0,
    bytesTotal: 1000,
    startedAt: '2026-03-15T14:00:00.000Z',
    finishedAt: null,
    startedBy: { officerId: 10, name: 'Adler, Jane' },
    report: null,
    error: null,
    hasErrorFile: false,
    ...o,
  };
}

/**
 * What a multipart import call carried: its jsonBodyData and whether a file part came with it
 * (jsdom's XMLHttpRequest, as msw sees it, drops the part's file name, which a browser sends).
 */
async function multipartOf(request: Request) {
  const form = await request.formData();
  return { json: JSON.parse(String(form.get('jsonBodyData'))) as Record<string, unknown>, hasFile: form.get('file') !== null };
}

/** Captures what the page hands the browser to save: the file names. */
function captureSaves() {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

const csv = () => new File(['officerId;Login;First Name;Surname;Precinct\r\n'], 'roster.csv', { type: 'text/csv' });

/** The session, no earlier jobs, no saved mappings, the precincts; returns what each call carried. */
function handlers({ jobs = [] as ImportJob[] } = {}) {
  const seen = {
    inspect: [] as Array<{ json: Record<string, unknown>; hasFile: boolean }>,
    dryRun: [] as Array<{ json: Record<string, unknown>; hasFile: boolean }>,
    run: [] as Array<{ json: Record<string, unknown>; hasFile: boolean }>,
    errors: [] as Array<{ json: Record<string, unknown>; hasFile: boolean }>,
    saved: [] as Array<{ name: string; body: unknown }>,
    templates: [] as string[],
    jobReads: 0,
  };
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user: rosterAdmin })),
    http.get('*/api/import/jobs', () => HttpResponse.json({ jobs })),
    http.get('*/api/import/officers/mappings', () => HttpResponse.json({ mappings: [] })),
    http.put('*/api/import/officers/mappings/:name', async ({ request, params }) => {
      seen.saved.push({ name: String(params.name), body: await request.json() });
      return HttpResponse.json({ name: params.name, kind: 'officers', mapping: {}, values: {}, updatedAt: '2026-03-15T14:00:00.000Z' });
    }),
    http.get('*/api/getPrecinctTable', () => HttpResponse.json([{ id: 0, description: '' }, { id: 1, description: '1st Precinct' }, { id: 3, description: '3rd Precinct' }])),
    http.get('*/api/import/:kind/template', ({ request, params }) => {
      seen.templates.push(`${String(params.kind)} ${new URL(request.url).searchParams.get('format')}`);
      return new HttpResponse('Officer ID,Login\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="officers-import-template-03-15-2026.csv"' } });
    }),
    http.post('*/api/import/officers/inspect', async ({ request }) => {
      seen.inspect.push(await multipartOf(request));
      return HttpResponse.json(inspection);
    }),
    http.post('*/api/import/officers/dryRun', async ({ request }) => {
      const sent = await multipartOf(request);
      seen.dryRun.push(sent);
      const mapped = (sent.json.values as Record<string, Record<string, number | null>> | undefined)?.precinct?.['42nd Precinct'];
      return HttpResponse.json(mapped ? dryRunReport({ counts: counts({ new: 47, changed: 1, refused: 2 }), refused: dryRunReport().refused.slice(0, 2), unknownValues: [] }) : dryRunReport());
    }),
    http.post('*/api/import/officers/errors', async ({ request }) => {
      seen.errors.push(await multipartOf(request));
      return new HttpResponse('officerId,Errors\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="officers-import-errors-03-15-2026.csv"' } });
    }),
    http.post('*/api/import/officers/run', async ({ request }) => {
      seen.run.push(await multipartOf(request));
      return HttpResponse.json(job(), { status: 202 });
    }),
    http.get('*/api/import/jobs/5', () => {
      seen.jobReads += 1;
      return HttpResponse.json(
        seen.jobReads === 1
          ? job({ bytesRead: 500, rows: 25, counts: counts({ new: 24, refused: 1 }) })
          : job({ status: 'done', bytesRead: 1000, rows: 50, counts: counts({ new: 47, changed: 1, refused: 2 }), finishedAt: '2026-03-15T14:01:00.000Z', hasErrorFile: true }),
      );
    }),
  );
  return seen;
}

const next = async () => userEvent.click(await screen.findByRole('button', { name: 'Next' }));

/** Picks `option` in the select named `name` (MUI's listbox). */
async function choose(name: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/Import (Administrative Functions > Import)', () => {
  it('walks level 10 from the kind to the import: mapping, dry run, unknown values, the job', async () => {
    const seen = handlers();
    const saved = captureSaves();
    signIn(rosterAdmin);
    renderInAdmin(<ImportPage />, '/Import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import' })).toBeInTheDocument();

    // 1. what to import, with its templates
    const kinds = screen.getByRole('radiogroup', { name: 'What to import' });
    expect(within(kinds).getByRole('radio', { name: 'Officers' })).toBeChecked();
    expect(within(kinds).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Officers', 'Locations', 'Events with their rosters', 'Time tickets']);
    await userEvent.click(screen.getByRole('button', { name: 'Template (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['officers-import-template-03-15-2026.csv']));
    expect(seen.templates).toEqual(['officers csv']);
    await next();
    // Next goes with its step: keyboard focus moves on to the step that opens
    await waitFor(() => expect(screen.getByRole('group', { name: 'Upload the file' })).toHaveFocus());

    // 2. the file: its format, encoding, delimiter and first rows
    await userEvent.upload(screen.getByLabelText('Choose the file'), csv());
    expect(await screen.findByText('File: roster.csv')).toBeInTheDocument();
    expect(await screen.findByText('windows-1252')).toBeInTheDocument();
    expect(screen.getByText('CSV')).toBeInTheDocument();
    expect(screen.getByText(';')).toBeInTheDocument();
    expect(screen.getByText('42nd Precinct')).toBeInTheDocument();
    expect(seen.inspect).toEqual([{ json: {}, hasFile: true }]);
    await next();

    // 3. the mapping: the automatic match preselected; the unmatched required Last Name blocks Next
    expect(screen.getByRole('combobox', { name: /^Login/ })).toHaveTextContent('Login');
    expect(screen.getByRole('combobox', { name: /^Last Name/ })).toHaveTextContent('(no column)');
    expect(screen.getByText('Choose the column of: Last Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await choose(/^Last Name/, 'Surname');
    expect(screen.queryByText('Choose the column of: Last Name')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Save this mapping as'), 'Legacy roster');
    await userEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    expect(await screen.findByText('Mapping "Legacy roster" saved.')).toBeInTheDocument();
    expect(seen.saved).toEqual([{ name: 'Legacy roster', body: { mapping: expect.objectContaining({ lastName: 'Surname', login: 'Login' }), values: {} } }]);
    await next();

    // 4. the dry run: counts, the refused rows with their errors, the changed ones, the unknown value
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const refused = await screen.findByRole('table', { name: 'Refused rows' });
    expect(within(refused).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['12', 'Last Name: Required'],
      ['25', 'Login: Duplicate record - unique constraint violated!'],
      ['40', 'Unknown Precinct: "42nd Precinct"'],
    ]);
    const changed = screen.getByRole('table', { name: 'Changed rows' });
    expect(within(changed).getAllByRole('cell').map((c) => c.textContent)).toEqual(['7', 'A1005', 'City, Mobile']);
    expect(seen.dryRun[0].json).toEqual({ mapping: expect.objectContaining({ lastName: 'Surname', precinct: 'Precinct' }), values: {} });

    await userEvent.click(screen.getByRole('button', { name: 'Download the error file' }));
    await waitFor(() => expect(saved).toContain('officers-import-errors-03-15-2026.csv'));
    expect(seen.errors).toEqual([{ json: seen.dryRun[0].json, hasFile: true }]);

    expect(screen.getByRole('combobox', { name: /Precinct "42nd Precinct" \(rows: 1\)/ })).toHaveTextContent('Leave refused');
    await choose(/Precinct "42nd Precinct"/, '3rd Precinct');
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(seen.dryRun).toHaveLength(2));
    expect(seen.dryRun[1].json).toEqual({ mapping: expect.objectContaining({ lastName: 'Surname' }), values: { precinct: { '42nd Precinct': 3 } } });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Refused rows' })).getAllByRole('row')).toHaveLength(3));
    await next();

    // 5. the import: a job whose progress is followed until its result
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(seen.run).toEqual([{ json: { mapping: expect.objectContaining({ lastName: 'Surname' }), values: { precinct: { '42nd Precinct': 3 } } }, hasFile: true }]);
    expect(await screen.findByText(/The import is finished\./, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Latest import' });
    expect(within(result).getByText('New:').nextSibling).toHaveTextContent('47');
    expect(within(result).getByText('Refused:').nextSibling).toHaveTextContent('2');
  });

  it('shows the latest job on coming back, its progress while it runs, then its result and error file', async () => {
    const seen = handlers({ jobs: [job()] });
    const saved = captureSaves();
    server.use(http.get('*/api/import/jobs/5/errors', () => new HttpResponse('officerId,Errors\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="roster-errors.csv"' } })));
    setScreenWidth(375);
    signIn(rosterAdmin);
    renderInAdmin(<ImportPage />, '/Import');
    const latest = await screen.findByRole('region', { name: 'Latest import' });
    expect(within(latest).getByRole('heading', { name: 'Officers: roster.csv' })).toBeInTheDocument();
    expect(within(latest).getByText(/Started 03\/15\/2026 10:00 by Adler, Jane/)).toBeInTheDocument();
    const bar = await within(latest).findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(await within(latest).findByText(/The import is finished\./, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(seen.jobReads).toBeGreaterThanOrEqual(2);
    await userEvent.click(within(latest).getByRole('button', { name: 'Download the error file' }));
    await waitFor(() => expect(saved).toEqual(['roster-errors.csv']));
  });

  it('lists the refused rows as cards on a phone', async () => {
    handlers();
    setScreenWidth(375);
    signIn(rosterAdmin);
    renderInAdmin(<ImportPage />, '/Import');
    await next();
    await userEvent.upload(await screen.findByLabelText('Choose the file'), csv());
    await screen.findByText('File: roster.csv');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await next();
    await choose(/^Last Name/, 'Surname');
    await next();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const cards = await screen.findByRole('list', { name: 'Refused rows' });
    expect(within(cards).getAllByRole('listitem').map((c) => c.textContent)).toEqual([
      'Line:12Errors:Last Name: Required',
      'Line:25Errors:Login: Duplicate record - unique constraint violated!',
      'Line:40Errors:Unknown Precinct: "42nd Precinct"',
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a refused inspection in the step and keeps Next off', async () => {
    handlers();
    server.use(http.post('*/api/import/officers/inspect', () => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'The file has no header row.' }, { status: 400 })));
    signIn(rosterAdmin);
    renderInAdmin(<ImportPage />, '/Import');
    await next();
    await userEvent.upload(await screen.findByLabelText('Choose the file'), csv());
    expect(await screen.findByRole('alert')).toHaveTextContent('The file has no header row.');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('refuses level 9 with the not-permitted page and asks nothing', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/session', () => HttpResponse.json({ user: administrator })),
      http.all('*/api/import/*', () => {
        asked += 1;
        return HttpResponse.json({ message: 'Unauthorized!' }, { status: 403 });
      }),
    );
    signIn(administrator);
    renderInAdmin(<ImportPage />, '/Import');
    expect(await screen.findByText('Unauthorized!')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
