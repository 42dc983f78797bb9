import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ListBase, ListContextProvider, useList } from 'react-admin';
import { describeRequest, startMswServer, type SeenRequest } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { renderInAdmin, setScreenWidth } from '../renderInAdmin';
import { ListPage } from '../../../src/common/ListPage';
import type { ExportSpec } from '../../../src/common/ExportButton';
import { listExtras } from '../../../src/common/ListActions';

const server = startMswServer();
// Export and Print are a chunk of their own, fetched once a list has painted; its first import in a
// test run (the modules transformed then) can take over a second, longer than a query waits
beforeAll(async () => {
  await listExtras();
}, 30_000);

const FILE = 'events-2026-01-01-to-2026-11-26.xlsx';

/** Captures what the page hands the browser to save: the file name and the bytes. */
function captureSaves() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, b as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

/** An event list of two rows and its export route; returns the export requests seen. */
function eventHandlers(answer?: () => Response) {
  const exports: SeenRequest[] = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user: sessionUser() })),
    http.get('*/api/events/getMultiple', () =>
      HttpResponse.json(
        [
          { eventId: 1, eventName: 'Parade' },
          { eventId: 2, eventName: 'Fair' },
        ],
        { headers: { 'X-Total-Count': '2' } },
      ),
    ),
    http.get('*/api/events/export', async ({ request }) => {
      exports.push(await describeRequest(request));
      return (
        answer?.() ??
        new HttpResponse(new Uint8Array(2048), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename="${FILE}"`,
            'X-Total-Count': '2',
          },
        })
      );
    }),
  );
  return exports;
}

function EventsPage() {
  return (
    <ListBase resource="events" filter={{ eventTypeId: 2, precinctId: 4 }} sort={{ field: 'startDate', order: 'DESC' }} perPage={25} disableSyncWithLocation storeKey={false}>
      <ListPage title="Training" exportTo={{ path: '/events/export' }} criteria={[['Precinct', '4th Precinct']]}>
        <p>rows</p>
      </ListPage>
    </ListBase>
  );
}

describe('Export on a list', () => {
  it("asks for every page of the list's filter and sort as Excel and saves the file the server names", async () => {
    const exports = eventHandlers();
    const saved = captureSaves();
    signIn(sessionUser(), 'tok-7');
    renderInAdmin(<EventsPage />);
    const button = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('menu', { name: 'Export options' })).getByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exports).toHaveLength(1);
    expect(exports[0].query).toEqual({ eventTypeId: '2', precinctId: '4', _sort: 'startDate', _order: 'DESC', format: 'xlsx' });
    expect(exports[0].authorization).toBe('Bearer tok-7');
    expect(saved[0].name).toBe(FILE);
    expect(saved[0].blob.size).toBe(2048);
    expect(await screen.findByText(`Saved ${FILE}`)).toBeInTheDocument();
  });

  it('shows how much of the file has arrived while it streams in', async () => {
    let finish: () => void = () => undefined;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    eventHandlers(
      () =>
        new HttpResponse(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(new Uint8Array(1_500_000));
              await rest;
              controller.enqueue(new Uint8Array(500_000));
              controller.close();
            },
          }),
          { headers: { 'Content-Disposition': `attachment; filename="${FILE}"` } },
        ),
    );
    const saved = captureSaves();
    signIn(sessionUser());
    renderInAdmin(<EventsPage />);
    const button = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Exporting… 1.5 MB');
    expect(button).toBeDisabled();
    finish();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].blob.size).toBe(2_000_000);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('is operated from the keyboard', async () => {
    const exports = eventHandlers();
    const saved = captureSaves();
    signIn(sessionUser());
    renderInAdmin(<EventsPage />);
    const button = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(button).toBeEnabled());
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'CSV' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exports[0].query.format).toBe('csv');
  });

  it("shows the server's message when the export is refused", async () => {
    eventHandlers(() => HttpResponse.json({ message: 'Exports are limited to 100,000 rows.' }, { status: 403 }));
    const saved = captureSaves();
    signIn(sessionUser());
    renderInAdmin(<EventsPage />);
    const button = await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText('Exports are limited to 100,000 rows.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('is disabled while the list is empty', async () => {
    server.use(
      http.get('*/api/session', () => HttpResponse.json({ user: sessionUser() })),
      http.get('*/api/events/getMultiple', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
    signIn(sessionUser());
    renderInAdmin(<EventsPage />);
    const button = await screen.findByRole('button', { name: 'Export' });
    await screen.findByText('rows');
    await waitFor(() => expect(button).toBeDisabled());
  });

  it('on a phone folds Export CSV, Export XLSX and Print into one menu', async () => {
    const exports = eventHandlers();
    const saved = captureSaves();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    setScreenWidth(375);
    signIn(sessionUser());
    renderInAdmin(<EventsPage />);
    const more = await screen.findByRole('button', { name: 'More actions' });
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    await userEvent.click(more);
    const menu = screen.getByRole('menu', { name: 'More actions' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export CSV', 'Export XLSX', 'Print']);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Export XLSX' })).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Export XLSX' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual([FILE]));
    expect(exports[0].query.format).toBe('xlsx');
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });
});

/** A report read outside getList (training compliance): its own query and POST body, the list's sort. */
function ReportPage({ spec }: { spec: ExportSpec }) {
  const list = useList({ data: [{ id: 5, lastName: 'Able' }], sort: { field: 'lastName', order: 'ASC' }, perPage: 25 });
  return (
    <ListContextProvider value={list}>
      <ListPage title="Officers That Did Not Attend" exportTo={spec} pagination={false}>
        <p>report</p>
      </ListPage>
    </ListContextProvider>
  );
}

describe('Export of a report with a POST body', () => {
  it('posts the same body as the report with the format in the query', async () => {
    const seen: SeenRequest[] = [];
    server.use(
      http.post('*/api/events/exportNonCompliantOfficers', async ({ request }) => {
        seen.push(await describeRequest(request));
        return new HttpResponse('Officer ID,Name\n5,Able\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="training-compliance.csv"' } });
      }),
    );
    const saved = captureSaves();
    signIn(sessionUser());
    renderInAdmin(<ReportPage spec={{ path: '/events/exportNonCompliantOfficers', query: { precinctId: '4' }, body: [{ eventId: 11 }, { eventId: 12 }] }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(seen[0]).toMatchObject({ method: 'POST', query: { precinctId: '4', _sort: 'lastName', _order: 'ASC', format: 'csv' }, body: [{ eventId: 11 }, { eventId: 12 }] });
    expect(saved[0].name).toBe('training-compliance.csv');
    expect(await saved[0].blob.text()).toBe('Officer ID,Name\n5,Able\n');
  });
});
