import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin } from '../../renderInAdmin';
import { UploadEdit } from '../../../../src/resources/uploads/UploadEdit';
import { admin, upload, uploadHandlers } from './uploadMocks';

const server = startMswServer();
const pdf = () => new File(['%PDF-1.4 notice'], 'notice.pdf', { type: 'application/pdf' });

/** The add (no id) or edit page at `path`, with the pages it returns to. */
function renderEdit(path: string) {
  return renderInAdmin(<UploadEdit />, path, { route: path.startsWith('/UploadEdit/') ? '/UploadEdit/:id' : '/UploadEdit', others: ['/UploadBrowse', '/Forms'] });
}

/** What a multipart save carried: its jsonBodyData, and whether a file part came with it. */
async function saved(request: Request) {
  const form = await request.formData();
  return { json: JSON.parse(String(form.get('jsonBodyData'))) as Record<string, unknown>, hasFile: form.get('file') !== null };
}

describe('/UploadEdit (spec §2 Uploads, §5 Upload)', () => {
  it('shows every spec §5 upload message on its field', async () => {
    uploadHandlers(server, admin, []);
    signIn(admin);
    renderEdit('/UploadEdit?uploadTypeId=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Upload' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Date')).toHaveValue('03/15/2026');
    expect(screen.getByText('PDF, DOC or DOCX')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose File')).toHaveAttribute('accept', '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('File is required')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Upload Type' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getAllByRole('option')[0]);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    await userEvent.type(screen.getByLabelText('Description'), 'Café hours');
    // a user who picks 'All files' in the file dialog
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Choose File'), new File(['\x89PNG'], 'notice.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must select file type')).toBeInTheDocument();
    expect(screen.getByText('Date is required')).toBeInTheDocument();
    expect(screen.getByText('Description has non-ASCII characters. Please remove!')).toBeInTheDocument();
    expect(screen.getByText('Only PDF or Word Docs permitted!')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(536) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 535 characters or fewer')).toBeInTheDocument();
  });

  it('uploads a 159 with a progress bar, then says so and returns to the board', async () => {
    uploadHandlers(server, admin, []);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sent: Awaited<ReturnType<typeof saved>> | undefined;
    server.use(
      http.post('*/api/uploads/insert', async ({ request }) => {
        sent = await saved(request);
        await gate;
        return HttpResponse.json(upload({ uploadId: 21 }), { status: 201 });
      }),
    );
    signIn(admin);
    renderEdit('/UploadEdit?uploadTypeId=1');
    await userEvent.type(await screen.findByLabelText('Description'), '  159-09: Parade posts  ');
    await userEvent.upload(screen.getByLabelText('Choose File'), pdf());
    expect(screen.getByText('notice.pdf (15 B)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const bar = await screen.findByRole('progressbar', { name: /^Uploading… \d+%$/ });
    expect(bar).toBeInTheDocument();
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({ json: { uploadType: { uploadTypeId: 1 }, dateEntered: '03/15/2026', description: '159-09: Parade posts', linkUrl: null }, hasFile: true });
    release();
    expect(await screen.findByText('Upload saved.')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/UploadBrowse?uploadTypeId=1'));
  });

  it("a file the server refuses (its bytes are not a PDF or Word document) shows the server's message and stays on the form", async () => {
    uploadHandlers(server, admin, []);
    server.use(
      http.post('*/api/uploads/insert', () => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'Only PDF or Word Docs permitted!' }, { status: 400 })),
    );
    signIn(admin);
    renderEdit('/UploadEdit?uploadTypeId=2');
    await userEvent.type(await screen.findByLabelText('Description'), 'LOSAP points');
    await userEvent.upload(screen.getByLabelText('Choose File'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only PDF or Word Docs permitted!')).toBeInTheDocument();
    expect(inAdminPath()).toBe('/UploadEdit?uploadTypeId=2');
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('edits a Forms link document: a chosen file replaces the link; back to the Forms page', async () => {
    const link = upload({ uploadId: 30, uploadType: { uploadTypeId: 5, uploadTypeDescription: 'Reference Documents' }, description: 'Vehicle and Traffic Law', filename: null, contentType: null, fileSize: null, linkUrl: 'https://example.org/vtl' });
    uploadHandlers(server, admin, [link]);
    let sent: Awaited<ReturnType<typeof saved>> | undefined;
    server.use(
      http.put('*/api/uploads/update', async ({ request }) => {
        sent = await saved(request);
        return HttpResponse.json({ ...link, filename: 'notice.pdf', linkUrl: null });
      }),
    );
    signIn(admin);
    renderEdit('/UploadEdit/30?uploadTypeId=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Upload' })).toBeInTheDocument();
    const linkInput = await screen.findByLabelText('Link');
    expect(linkInput).toHaveValue('https://example.org/vtl');
    await userEvent.upload(screen.getByLabelText('Choose File'), pdf());
    expect(linkInput).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.json).toMatchObject({ uploadId: 30, uploadType: { uploadTypeId: 5 }, linkUrl: null });
    expect(sent?.hasFile).toBe(true);
    await waitFor(() => expect(inAdminPath()).toBe('/Forms'));
  });

  it('refuses a file together with a link, and a link that is no web address; a file alone replaces the stored one', async () => {
    const doc = upload({ uploadId: 31, uploadType: { uploadTypeId: 3, uploadTypeDescription: 'Departmental Forms' }, description: '12L', filename: '12L.pdf' });
    uploadHandlers(server, admin, [doc]);
    const sent: Array<Awaited<ReturnType<typeof saved>>> = [];
    server.use(
      http.put('*/api/uploads/update', async ({ request }) => {
        sent.push(await saved(request));
        return HttpResponse.json(doc);
      }),
    );
    signIn(admin);
    renderEdit('/UploadEdit/31?uploadTypeId=3');
    expect(await screen.findByText('Current file: 12L.pdf. Choose a file to replace it.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Choose File'), pdf());
    await userEvent.type(screen.getByLabelText('Link'), 'https://example.org/12L');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Send either a file or a link, not both.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Link'));
    await userEvent.type(screen.getByLabelText('Link'), 'not a link');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Link must be a web address starting with http:// or https://')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Link'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ json: { uploadId: 31, uploadType: { uploadTypeId: 3 }, dateEntered: '03/10/2026', description: '12L', linkUrl: null }, hasFile: true });
  });

  it('keeps the stored file when no file is chosen (no file part)', async () => {
    const notice = upload({ uploadId: 32 });
    uploadHandlers(server, admin, [notice]);
    let sent: Awaited<ReturnType<typeof saved>> | undefined;
    server.use(
      http.put('*/api/uploads/update', async ({ request }) => {
        sent = await saved(request);
        return HttpResponse.json(notice);
      }),
    );
    signIn(admin);
    renderEdit('/UploadEdit/32?uploadTypeId=1');
    const description = await screen.findByLabelText('Description');
    await waitFor(() => expect(description).toHaveValue('159-07: Summer uniform'));
    expect(screen.queryByLabelText('Link')).not.toBeInTheDocument();
    await userEvent.type(description, ' (corrected)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({ json: { uploadId: 32, uploadType: { uploadTypeId: 1 }, dateEntered: '03/10/2026', description: '159-07: Summer uniform (corrected)', linkUrl: null }, hasFile: false });
    await waitFor(() => expect(inAdminPath()).toBe('/UploadBrowse?uploadTypeId=1'));
  });

  it('an officer below level 9 gets the not-permitted page', async () => {
    const supervisor = sessionUser({ officerId: 5, accessType: { accessTypeId: 5, description: 'Supervisor' } });
    uploadHandlers(server, supervisor, []);
    signIn(supervisor);
    renderEdit('/UploadEdit?uploadTypeId=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose File')).not.toBeInTheDocument();
  });
});
