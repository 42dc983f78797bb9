import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeRequest, startMswServer, type SeenRequest } from '../../msw';
import { signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { useNavigate } from 'react-router-dom';
import { UploadList } from '../../../../src/resources/uploads/UploadList';
import { gatedRemoval } from '../events/eventMocks';
import { admin, catchSavedFiles, officer, restricted, superUser, upload, uploadHandlers } from './uploadMocks';

const server = startMswServer();
const BOARD = '/UploadBrowse?uploadTypeId=1';
const LOSAP = '/UploadBrowse?uploadTypeId=2';
const losapNotice = upload({ uploadId: 8, uploadType: { uploadTypeId: 2, uploadTypeDescription: 'LOSAP Notices' }, description: 'LOSAP points', filename: 'losap.pdf' });

/** Answers markCheckedAsRead with `answer(body)`; returns the calls seen. */
function signoffs(answer: (body: Array<{ id: number; deleteStatus: string }>) => Response) {
  const calls: SeenRequest[] = [];
  server.use(
    http.put('*/api/uploads/markCheckedAsRead', async ({ request }) => {
      const seen = await describeRequest(request);
      calls.push(seen);
      return answer(seen.body as Array<{ id: number; deleteStatus: string }>);
    }),
  );
  return calls;
}

describe('/UploadBrowse: the 159 board (spec §2 Uploads, §4 159 upload)', () => {
  it("lists the officer's 159s with his sign-offs; ticking one signs it off and shows the time; he cannot untick it", async () => {
    const lists = uploadHandlers(server, officer, [upload(), upload({ uploadId: 2, description: '159-06: Radio check', signoffTimestamp: '2026-03-02T14:30:00.000Z' })]);
    const calls = signoffs((body) => HttpResponse.json([{ id: body[0].id, signoffTimestamp: '2026-03-15T14:45:00.000Z' }]));
    signIn(officer);
    renderInAdmin(<UploadList />, BOARD);
    expect(await screen.findByRole('heading', { level: 1, name: '159 Board' })).toBeInTheDocument();
    const unread = await screen.findByRole('checkbox', { name: 'Read: 159-07: Summer uniform' });
    const read = screen.getByRole('checkbox', { name: 'Read: 159-06: Radio check' });
    expect(lists[0].query).toMatchObject({ uploadTypeId: '1', officerId: '7', _sort: 'dateEntered', _order: 'DESC' });
    expect(read).toBeChecked();
    expect(read).toBeDisabled();
    expect(screen.getByText('03/02/2026 09:30')).toBeInTheDocument();
    expect(unread).not.toBeChecked();
    // an officer: no Add, Edit, Remove, and the description opens nothing
    expect(screen.queryByRole('link', { name: /Add|Edit|Compliance report/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await userEvent.click(unread);
    await waitFor(() => expect(unread).toBeChecked());
    expect(calls[0].query).toEqual({ officerId: '7' });
    expect(calls[0].body).toEqual([{ id: 3, deleteStatus: 'Y' }]);
    expect(screen.getByText('03/15/2026 10:45')).toBeInTheDocument();
    expect(unread).toBeDisabled();
  });

  it('the super user may untick a signed-off 159; a refusal leaves the box as the server has it, with its message', async () => {
    uploadHandlers(server, superUser, [upload({ signoffTimestamp: '2026-03-02T14:30:00.000Z' })]);
    let refuse = false;
    const calls = signoffs((body) =>
      refuse
        ? HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Only the super user can untick a signed-off 159.' }, { status: 403 })
        : HttpResponse.json([{ id: body[0].id, signoffTimestamp: body[0].deleteStatus === 'Y' ? '2026-03-15T14:45:00.000Z' : null }]),
    );
    signIn(superUser);
    renderInAdmin(<UploadList />, BOARD);
    const box = await screen.findByRole('checkbox', { name: 'Read: 159-07: Summer uniform' });
    expect(box).toBeChecked();
    expect(box).toBeEnabled();
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(calls[0].body).toEqual([{ id: 3, deleteStatus: '' }]);
    expect(screen.queryByText('03/02/2026 09:30')).not.toBeInTheDocument();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    refuse = true;
    await userEvent.click(box);
    expect(await screen.findByText('Only the super user can untick a signed-off 159.')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(screen.getByText('03/15/2026 10:45')).toBeInTheDocument();
  });

  it("a click on the file name downloads it under the server's name; a failure says 'Error downloading file, error code = {status}'", async () => {
    uploadHandlers(server, officer, [upload(), upload({ uploadId: 4, description: 'Gone', filename: 'gone.pdf' })]);
    let asked = '';
    server.use(
      http.get('*/api/uploads/download/3', ({ request }) => {
        asked = new URL(request.url).search;
        return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Summer Uniform.pdf"' } });
      }),
      http.get('*/api/uploads/download/4', () => HttpResponse.json({ message: 'Upload not found.' }, { status: 404 })),
    );
    const files = catchSavedFiles();
    try {
      signIn(officer);
      renderInAdmin(<UploadList />, BOARD);
      await userEvent.click(await screen.findByRole('button', { name: 'Download summer-uniform.pdf' }));
      await waitFor(() => expect(files.saved).toHaveLength(1));
      expect(asked).toBe('?officerId=7');
      expect(files.saved[0].name).toBe('Summer Uniform.pdf');
      expect(await files.saved[0].blob.text()).toBe('%PDF-1.4');
      await userEvent.click(screen.getByRole('button', { name: 'Download gone.pdf' }));
      expect(await screen.findByText('Error downloading file, error code = 404')).toBeInTheDocument();
      expect(files.saved).toHaveLength(1);
    } finally {
      files.restore();
    }
  });

  it('at level 9+ the description opens the compliance report, and Add, Edit and Remove are offered (a removed row is struck through, then dropped)', async () => {
    uploadHandlers(server, admin, []);
    const removal = gatedRemoval(server, { list: '*/api/uploads/getMultiple', remove: '*/api/uploads/delete', rows: [upload(), upload({ uploadId: 5, description: '159-08: Parade posts' })], idOf: (u) => u.uploadId });
    signIn(admin);
    renderInAdmin(<UploadList />, BOARD, { others: ['/DownloadReport', '/UploadEdit', '/UploadEdit/:id'] });
    const report = await screen.findByRole('link', { name: 'Compliance report: 159-07: Summer uniform' });
    expect(report).toHaveAttribute('href', '/DownloadReport?uploadId=3');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/UploadEdit?uploadTypeId=1');
    expect(screen.getByRole('link', { name: 'Edit 159-07: Summer uniform' })).toHaveAttribute('href', '/UploadEdit/3?uploadTypeId=1');
    await userEvent.click(screen.getByRole('button', { name: 'Remove 159-08: Parade posts' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete the following?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removal.removed()).toEqual([{ id: 0, deleteStatus: '' }, { id: 5, deleteStatus: 'Y' }]));
    const row = screen.getByRole('link', { name: 'Compliance report: 159-08: Parade posts' }).closest('tr')!;
    await waitFor(() => expect(getComputedStyle(row).textDecoration).toContain('line-through'));
    removal.release();
    await waitFor(() => expect(screen.queryByText('159-08: Parade posts')).not.toBeInTheDocument(), { timeout: 4000 });
    await userEvent.click(report);
    expect(await screen.findByText('Page /DownloadReport')).toBeInTheDocument();
  });

  it('filters by the date entered range, keeping the upload type; Clear shows every date again', async () => {
    const lists = uploadHandlers(server, officer, [upload()]);
    signIn(officer);
    renderInAdmin(<UploadList />, BOARD);
    await screen.findByRole('checkbox', { name: /^Read:/ });
    await userEvent.type(screen.getByLabelText('From'), '03/10/2026');
    await userEvent.type(screen.getByLabelText('Thru'), '03/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(inAdminPath()).toBe('/UploadBrowse?uploadTypeId=1&dateEntered1=03/10/2026&dateEntered2=03/12/2026'));
    await waitFor(() => expect(lists.at(-1)?.query).toMatchObject({ uploadTypeId: '1', dateEntered1: '03/10/2026', dateEntered2: '03/12/2026' }));
    expect(screen.getByLabelText('From')).toHaveValue('03/10/2026');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(inAdminPath()).toBe(BOARD));
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('refuses a From date after the Thru date', async () => {
    uploadHandlers(server, officer, [upload()]);
    signIn(officer);
    renderInAdmin(<UploadList />, BOARD);
    await screen.findByRole('checkbox', { name: /^Read:/ });
    await userEvent.type(screen.getByLabelText('From'), '03/10/2026');
    await userEvent.type(screen.getByLabelText('Thru'), '03/01/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Since date must be <= until date!')).toBeInTheDocument();
    expect(inAdminPath()).toBe(BOARD);
  });

  it('on a 375-px phone shows the 159s as cards with the read box and the file, no table', async () => {
    uploadHandlers(server, officer, [upload()]);
    setScreenWidth(375);
    signIn(officer);
    renderInAdmin(<UploadList />, BOARD);
    const cards = await screen.findByRole('list', { name: '159 Board' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: '159-07: Summer uniform' })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Read: 159-07: Summer uniform' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download summer-uniform.pdf' })).toBeInTheDocument();
  });

  it("a failed load shows the server's message and goes to /", async () => {
    uploadHandlers(server, officer, []);
    server.use(http.get('*/api/uploads/getMultiple', () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on the server. Please try again.' }, { status: 500 })));
    signIn(officer);
    renderInAdmin(<UploadList />, BOARD, { others: ['/'] });
    expect(await screen.findByText('Something went wrong on the server. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/'));
  });

  it('level 3 gets the not-permitted page and no list is asked', async () => {
    const lists = uploadHandlers(server, restricted, [upload()]);
    signIn(restricted);
    renderInAdmin(<UploadList />, BOARD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
    expect(lists).toHaveLength(0);
  });
});

describe('LOSAP Notices and the forced redirect (spec §4, §8)', () => {
  it("an officer with a 159 unread for more than 30 days is alerted and sent to the 159 board", async () => {
    let asked: Record<string, string> = {};
    uploadHandlers(server, officer, [upload(), losapNotice]);
    server.use(
      http.get('*/api/countUnread159s/:id', ({ request, params }) => {
        asked = { id: String(params.id), ...Object.fromEntries(new URL(request.url).searchParams) };
        return HttpResponse.text('1');
      }),
    );
    signIn(officer);
    renderInAdmin(<UploadList />, LOSAP);
    expect(await screen.findByText("You have unread 159's that are older than 30 days!")).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe(BOARD));
    expect(asked).toEqual({ id: '7', olderThanDays: '30' });
    expect(await screen.findByRole('heading', { level: 1, name: '159 Board' })).toBeInTheDocument();
    expect(screen.queryByText('LOSAP points')).not.toBeInTheDocument();
  });

  it('asks afresh on every visit: once the old 159 is read, LOSAP Notices opens', async () => {
    uploadHandlers(server, officer, [upload(), losapNotice]);
    let old = 1;
    server.use(http.get('*/api/countUnread159s/:id', () => HttpResponse.text(String(old))));
    /** The menu's LOSAP Notices entry, as far as this list is concerned: a navigation to it. */
    function LosapLink() {
      const navigate = useNavigate();
      return <button onClick={() => navigate(LOSAP)}>LOSAP Notices</button>;
    }
    signIn(officer);
    renderInAdmin(<><LosapLink /><UploadList /></>, LOSAP);
    await waitFor(() => expect(inAdminPath()).toBe(BOARD));
    old = 0;
    await userEvent.click(screen.getByRole('button', { name: 'LOSAP Notices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'LOSAP Notices' })).toBeInTheDocument();
    expect(inAdminPath()).toBe(LOSAP);
  });

  it('without such 159s the LOSAP notices are listed, without read boxes', async () => {
    uploadHandlers(server, officer, [upload(), losapNotice], 0);
    signIn(officer);
    renderInAdmin(<UploadList />, LOSAP);
    expect(await screen.findByRole('heading', { level: 1, name: 'LOSAP Notices' })).toBeInTheDocument();
    expect(await screen.findByText('LOSAP points')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByText('159-07: Summer uniform')).not.toBeInTheDocument();
    expect(inAdminPath()).toBe(LOSAP);
  });
});
