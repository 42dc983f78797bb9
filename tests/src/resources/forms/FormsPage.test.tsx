import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { startMswServer } from '../../msw';
import { signIn } from '../../fixtures';
import { renderInAdmin, setScreenWidth } from '../../renderInAdmin';
import { FormsPage } from '../../../../src/resources/forms/FormsPage';
import { gatedRemoval } from '../events/eventMocks';
import { admin, catchSavedFiles, officer, restricted, upload, uploadHandlers } from '../uploads/uploadMocks';

const server = startMswServer();
const type = (uploadTypeId: number, uploadTypeDescription: string) => ({ uploadType: { uploadTypeId, uploadTypeDescription } });
const DOCS = [
  upload({ uploadId: 11, ...type(3, 'Departmental Forms'), description: '12L: Ticket correction', filename: '12L.pdf', fileSize: 2048 }),
  upload({ uploadId: 12, ...type(5, 'Reference Documents'), description: 'Vehicle and Traffic Law', filename: null, contentType: null, fileSize: null, linkUrl: 'https://example.org/vtl' }),
  upload({ uploadId: 13, ...type(7, 'Holiday Deployment Forms'), description: 'Holiday availability', filename: 'holiday.docx', fileSize: 4096 }),
];
const GROUPS = ['Departmental Forms', 'Team Forms', 'Reference Documents', 'Field Training Forms', 'Holiday Deployment Forms'];

describe('/Forms (spec §2 Forms page)', () => {
  it('shows the five groups with their documents from one call: files download, links open in a new tab; an officer manages nothing', async () => {
    const lists = uploadHandlers(server, officer, DOCS);
    server.use(
      http.get('*/api/uploads/download/11', () => new HttpResponse('%PDF-1.4', { headers: { 'Content-Disposition': 'attachment; filename="12L.pdf"' } })),
    );
    const files = catchSavedFiles();
    try {
      signIn(officer);
      renderInAdmin(<FormsPage />, '/Forms');
      expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(GROUPS);
      const reference = screen.getByRole('region', { name: 'Reference Documents' });
      const link = await within(reference).findByRole('link', { name: 'Vehicle and Traffic Law (opens in a new tab)' });
      expect(link).toHaveAttribute('href', 'https://example.org/vtl');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(within(screen.getByRole('region', { name: 'Team Forms' })).getByText('No documents yet.')).toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Holiday Deployment Forms' })).getByText('DOCX, 4 KB')).toBeInTheDocument();
      expect(lists).toHaveLength(1);
      expect(lists[0].query).toMatchObject({ uploadTypeId: '3,4,5,6,7', officerId: '7' });
      expect(screen.queryByRole('link', { name: /Add|Edit/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Download 12L: Ticket correction' }));
      await waitFor(() => expect(files.saved.map((f) => f.name)).toEqual(['12L.pdf']));
    } finally {
      files.restore();
    }
  });

  it('the Ten Code Refresher opens from the page', async () => {
    uploadHandlers(server, officer, DOCS);
    signIn(officer);
    renderInAdmin(<FormsPage />, '/Forms');
    await userEvent.click(await screen.findByRole('button', { name: 'Ten Code Refresher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ten Code Refresher' });
    expect(within(dialog).getByText(/^What is the ten code for ".+"\?$/)).toBeInTheDocument();
  });

  it('at level 9+ each group offers Add of its type, each document Edit and Remove (struck through, then dropped)', async () => {
    uploadHandlers(server, admin, []);
    const removal = gatedRemoval(server, { list: '*/api/uploads/getMultiple', remove: '*/api/uploads/delete', rows: DOCS, idOf: (u) => u.uploadId });
    signIn(admin);
    renderInAdmin(<FormsPage />, '/Forms');
    const team = await screen.findByRole('region', { name: 'Team Forms' });
    expect(within(team).getByRole('link', { name: 'Add: Team Forms' })).toHaveAttribute('href', '/UploadEdit?uploadTypeId=4');
    expect(await screen.findByRole('link', { name: 'Edit 12L: Ticket correction' })).toHaveAttribute('href', '/UploadEdit/11?uploadTypeId=3');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Holiday availability' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(removal.removed()).toEqual([{ id: 0, deleteStatus: '' }, { id: 13, deleteStatus: 'Y' }]));
    const row = screen.getByRole('button', { name: 'Download Holiday availability' }).closest('tr')!;
    await waitFor(() => expect(getComputedStyle(row).textDecoration).toContain('line-through'));
    removal.release();
    await waitFor(() => expect(screen.queryByText('Holiday availability')).not.toBeInTheDocument(), { timeout: 4000 });
  });

  it('on a 375-px phone the documents are cards', async () => {
    uploadHandlers(server, officer, DOCS);
    setScreenWidth(375);
    signIn(officer);
    renderInAdmin(<FormsPage />, '/Forms');
    const cards = await screen.findByRole('list', { name: 'Departmental Forms' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards).getByRole('heading', { name: '12L: Ticket correction' })).toBeInTheDocument();
    expect(within(cards).getByText('PDF, 2 KB')).toBeInTheDocument();
  });

  it('level 3 gets the not-permitted page', async () => {
    const lists = uploadHandlers(server, restricted, DOCS);
    signIn(restricted);
    renderInAdmin(<FormsPage />, '/Forms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
    expect(lists).toHaveLength(0);
  });
});
