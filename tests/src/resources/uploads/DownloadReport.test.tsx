import { beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { DownloadReport } from '../../../../src/resources/uploads/DownloadReport';
import { admin, officer, upload, uploadHandlers } from './uploadMocks';
import { listExtras } from '../../../../src/common/ListActions';

const server = startMswServer();
// Export and Print are a chunk of their own, drawn once the list has painted: fetched here first,
// as its first import in a test run can take longer than a query waits
beforeAll(async () => {
  await listExtras();
}, 30_000);
const OFFICERS = [
  { officerId: 101, lastName: 'Ortiz', firstName: 'Olivia', precinct: { precinctId: 1, description: '1st Precinct' }, signoffTimestamp: '2026-03-15T14:45:00.000Z', status: '03/15/2026 10:45' },
  { officerId: 105, lastName: 'Sullivan', firstName: 'Sam', precinct: { precinctId: 1, description: '1st Precinct' }, signoffTimestamp: null, status: 'UNREAD' },
];
const BY_OFFICER = [{ uploadId: 3, dateEntered: '03/10/2026', description: '159-07: Summer uniform', signoffTimestamp: null, status: 'UNREAD' }];

/** The report answers (rows by uploadId or officerId, 41 in all); returns the requests seen. */
function reportHandlers() {
  const seen: SeenRequest[] = [];
  server.use(
    http.get('*/api/uploads/downloadReport', async ({ request }) => {
      const r = await describeRequest(request);
      seen.push(r);
      return HttpResponse.json(r.query.uploadId ? OFFICERS : BY_OFFICER, { headers: { 'X-Total-Count': '41' } });
    }),
    http.get('*/api/officer/getMultiple', () => HttpResponse.json([{ officerId: 0, lastName: '', firstName: '' }, { officerId: 105, lastName: 'Sullivan', firstName: 'Sam' }])),
  );
  return seen;
}

describe('/DownloadReport: the 159 compliance report (spec §2)', () => {
  it('per document: every officer with his sign-off time or UNREAD, sorted and paged on the server; a name opens his own report', async () => {
    uploadHandlers(server, admin, [upload()]);
    const seen = reportHandlers();
    signIn(admin);
    renderInAdmin(<DownloadReport />, '/DownloadReport?uploadId=3');
    expect(await screen.findByRole('heading', { level: 1, name: '159 Compliance Report' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '159 Compliance Report' });
    expect(await screen.findByText('159-07: Summer uniform')).toBeInTheDocument();
    const unread = within(table).getByRole('link', { name: '(A0105) Sullivan, Sam' }).closest('tr')!;
    expect(within(unread).getByText('UNREAD')).toBeInTheDocument();
    const signed = within(table).getByRole('link', { name: '(A0101) Ortiz, Olivia' }).closest('tr')!;
    expect(within(signed).getByText('03/15/2026 10:45')).toBeInTheDocument();
    expect(seen[0].query).toEqual({ uploadId: '3', _sort: 'lastName', _order: 'ASC', _start: '0', _end: '100' });
    expect(screen.getByText(/of 41$/)).toBeInTheDocument();
    await userEvent.click(within(table).getByText('Status'));
    await waitFor(() => expect(seen.at(-1)?.query).toMatchObject({ _sort: 'signoffTimestamp', _order: 'ASC' }));
    expect(await screen.findByRole('button', { name: 'Print' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('link', { name: '(A0105) Sullivan, Sam' }));
    await waitFor(() => expect(inAdminPath()).toBe('/DownloadReport?officerId=105'));
    expect(await screen.findByText('(A0105) Sullivan, Sam')).toBeInTheDocument();
    await waitFor(() => expect(seen.at(-1)?.query).toMatchObject({ officerId: '105', _sort: 'dateEntered', _order: 'DESC' }));
    expect(await screen.findByRole('link', { name: '159-07: Summer uniform' })).toHaveAttribute('href', '/DownloadReport?uploadId=3');
  });

  it('on a 375-px phone the report is cards', async () => {
    uploadHandlers(server, admin, [upload()]);
    reportHandlers();
    setScreenWidth(375);
    signIn(admin);
    renderInAdmin(<DownloadReport />, '/DownloadReport?uploadId=3');
    const cards = await screen.findByRole('list', { name: '159 Compliance Report' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('heading', { name: '(A0105) Sullivan, Sam' }).closest('li')!;
    expect(within(card).getByText('UNREAD')).toBeInTheDocument();
    expect(within(card).getByText('1st Precinct')).toBeInTheDocument();
  });

  it('says which id to give when there is none, and an officer below level 9 gets the not-permitted page', async () => {
    uploadHandlers(server, admin, []);
    const seen = reportHandlers();
    signIn(admin);
    const { unmount } = renderInAdmin(<DownloadReport />, '/DownloadReport');
    expect(await screen.findByText('Choose a 159 (uploadId) or an officer (officerId) for the compliance report.')).toBeInTheDocument();
    unmount();
    uploadHandlers(server, officer, []);
    signIn(officer);
    renderInAdmin(<DownloadReport />, '/DownloadReport?uploadId=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });
});
