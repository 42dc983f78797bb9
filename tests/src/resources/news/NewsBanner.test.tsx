import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer } from '../../msw';
import { signIn } from '../../fixtures';
import { renderInAdmin } from '../../renderInAdmin';
import { NewsBanner } from '../../../../src/resources/news/NewsBanner';
import type { NewsJson } from '../../../../src/domain/schemas/news';
import { officer, restricted } from '../uploads/uploadMocks';
import { newsItem } from './newsMocks';

const server = startMswServer();

/**
 * The officer's unread news, newest first: GET getLatestUnread answers the first (204 when none is
 * left), PUT markRead/{id} takes it off. Returns the ids marked read and how often the latest was asked.
 */
function unreadNews(items: NewsJson[], { failMark = false } = {}) {
  let unread = [...items];
  const marked: number[] = [];
  const asked = { count: 0 };
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user: officer })),
    http.get('*/api/news/getLatestUnread', () => {
      asked.count++;
      return unread.length ? HttpResponse.json(unread[0]) : new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/news/markRead/:id', ({ params }) => {
      if (failMark) return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'News item not found.' }, { status: 404 });
      marked.push(Number(params.id));
      unread = unread.filter((n) => n.newsId !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { marked, asked };
}

const older = newsItem({ newsId: 3, dateEntered: '03/01/2026', shortDesc: 'Range day', newsText: 'Qualification at the range.' });

describe('the latest unread news item on the landing pages', () => {
  it('shows the newest unread item on the time ticket list until it is marked read, then the next one, then nothing', async () => {
    const { marked } = unreadNews([newsItem(), older]);
    signIn(officer);
    renderInAdmin(<NewsBanner />, '/TimeTicketBrowse');
    const banner = await screen.findByRole('region', { name: 'Latest news' });
    expect(within(banner).getByRole('heading', { name: 'Holiday deployment' })).toBeInTheDocument();
    expect(within(banner).getByText('03/12/2026')).toBeInTheDocument();
    const text = within(banner).getByText(/Details are posted\./);
    expect(text.textContent).toBe('Details are posted.\n\nSign up early.');
    expect(within(banner).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/NewsBrowse');
    // a region to read, not an alert that interrupts
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(within(banner).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByRole('heading', { name: 'Range day' })).toBeInTheDocument();
    expect(marked).toEqual([4]);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Latest news' })).not.toBeInTheDocument());
    expect(marked).toEqual([4, 3]);
  });

  it("shows on the 159 board, the event list and the auditors' queue too, but not on other pages", async () => {
    unreadNews([newsItem()]);
    signIn(officer);
    for (const landing of ['/UploadBrowse?uploadTypeId=1', '/EventBrowse?eventTypeId=1', '/AuditQueue']) {
      const page = renderInAdmin(<NewsBanner />, landing);
      expect(await screen.findByRole('region', { name: 'Latest news' }), landing).toBeInTheDocument();
      page.unmount();
    }
    renderInAdmin(<NewsBanner />, '/Forms');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Latest news' })).not.toBeInTheDocument();
  });

  it('asks nothing for level 3, whose menu has no news (spec §6)', async () => {
    const { asked } = unreadNews([newsItem()]);
    signIn(restricted);
    renderInAdmin(<NewsBanner />, '/EventBrowse?eventTypeId=1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Latest news' })).not.toBeInTheDocument();
    expect(asked.count).toBe(0);
  });

  it('folds a long text behind Show more', async () => {
    const long = newsItem({ newsText: ['Line one', 'Line two', 'Line three', 'Line four', 'Line five', 'Line six'].join('\n') });
    unreadNews([long]);
    signIn(officer);
    renderInAdmin(<NewsBanner />, '/TimeTicketBrowse');
    const more = await screen.findByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says why when marking read fails, and keeps the item', async () => {
    unreadNews([newsItem()], { failMark: true });
    signIn(officer);
    renderInAdmin(<NewsBanner />, '/TimeTicketBrowse');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('News item not found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Holiday deployment' })).toBeInTheDocument();
  });
});
