import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { signIn } from '../../fixtures';
import { inAdminPath, renderInAdmin } from '../../renderInAdmin';
import { NewsEdit } from '../../../../src/resources/news/NewsEdit';
import { admin, officer } from '../uploads/uploadMocks';
import { newsHandlers, newsItem } from './newsMocks';

const server = startMswServer();

function renderEdit(path: string) {
  return renderInAdmin(<NewsEdit />, path, { route: path === '/NewsEdit' ? '/NewsEdit' : '/NewsEdit/:id', others: ['/NewsBrowse'] });
}

describe('/NewsEdit (spec §2 News, §5 News)', () => {
  it('shows every spec §5 news message on its field', async () => {
    newsHandlers(server, admin, []);
    signIn(admin);
    renderEdit('/NewsEdit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add News' })).toBeInTheDocument();
    const date = await screen.findByLabelText('Date');
    expect(date).toHaveValue('03/15/2026');
    fireEvent.change(date, { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('News text is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('News Text'), 'Meet at the café');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('News Content has non-ASCII characters. Please remove!')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('News Text'), { target: { value: 'x'.repeat(2001) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 2000 characters or fewer')).toBeInTheDocument();
  });

  it('adds a news item with its line breaks, then says so and returns to the newsfeed', async () => {
    newsHandlers(server, admin, []);
    let body: unknown;
    server.use(
      http.post('*/api/news/insert', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(newsItem({ newsId: 8 }), { status: 201 });
      }),
    );
    signIn(admin);
    renderEdit('/NewsEdit');
    await userEvent.type(await screen.findByLabelText('Title'), '  Parade posts ');
    await userEvent.type(screen.getByLabelText('News Text'), 'Line one{Enter}Line two');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ dateEntered: '03/15/2026', shortDesc: 'Parade posts', newsText: 'Line one\nLine two' }));
    expect(await screen.findByText('News saved.')).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/NewsBrowse'));
  });

  it('edits item 1 (which can be changed, never removed)', async () => {
    const welcome = newsItem({ newsId: 1, shortDesc: 'Welcome', hasChildren: 'Y' });
    newsHandlers(server, admin, [welcome]);
    let body: unknown;
    server.use(
      http.put('*/api/news/update', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(welcome);
      }),
    );
    signIn(admin);
    renderEdit('/NewsEdit/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit News' })).toBeInTheDocument();
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue('Welcome'));
    await userEvent.type(title, ' aboard');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ newsId: 1, dateEntered: '03/12/2026', shortDesc: 'Welcome aboard', newsText: 'Details are posted.\n\nSign up early.' }));
  });

  it('an officer below level 9 gets the not-permitted page', async () => {
    newsHandlers(server, officer, []);
    signIn(officer);
    renderEdit('/NewsEdit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeInTheDocument();
  });
});
