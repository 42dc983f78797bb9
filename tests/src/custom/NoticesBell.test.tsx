import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMswServer, describeRequest, type SeenRequest } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { inAdminPath, renderInAdmin } from '../renderInAdmin';
import { RollCallAppBar } from '../../../src/custom/RollCallAppBar';
import type { Notice, NoticeList } from '../../../src/domain/schemas/mySettings';

const server = startMswServer();
const officer = sessionUser({ officerId: 7 });

function notice(o: Partial<Notice>): Notice {
  return { id: 1, kind: 'eventTomorrow', title: 'Tomorrow: Holiday traffic detail', body: '03/17/2026 08:00 at Roosevelt Field', link: '/EventSignupBrowse?eventId=5', createdAt: '03/16/2026 08:00', read: false, ...o };
}

/** GET /api/notices and PUT /api/notices/read over a small list; returns the PUTs seen. */
function noticeHandlers() {
  let notices: Notice[] = [
    notice({ id: 2 }),
    notice({ id: 1, kind: 'unread159s', title: '2 159s to read', body: 'Open the 159 board.', link: '/UploadBrowse?uploadTypeId=1', createdAt: '03/09/2026 08:00' }),
    notice({ id: 3, kind: 'missingHours', title: 'No time ticket in February', body: 'Log your hours.', link: '/TimeTicketSearch', read: true }),
  ];
  const list = (): NoticeList => ({ unread: notices.filter((n) => !n.read).length, notices });
  const puts: SeenRequest[] = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user: officer })),
    http.get('*/api/notices', () => HttpResponse.json(list())),
    http.put('*/api/notices/read', async ({ request }) => {
      const req = await describeRequest(request);
      puts.push(req);
      const ids = (req.body as { ids?: number[] }).ids;
      notices = notices.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n));
      return HttpResponse.json(list());
    }),
  );
  return puts;
}

describe('The notices bell in the header', () => {
  it('says how many are unread, opens the list, and a chosen notice is marked read and opened', async () => {
    const puts = noticeHandlers();
    signIn(officer);
    renderInAdmin(<RollCallAppBar />, '/', { others: ['/EventSignupBrowse'] });
    const bell = await screen.findByRole('button', { name: 'Notices, 2 unread' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    // My Settings is one step from the header
    expect(screen.getByRole('link', { name: 'My Settings' })).toHaveAttribute('href', '/MySettings');

    await userEvent.click(bell);
    const menu = await screen.findByRole('menu', { name: 'Notices' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]).toHaveTextContent('Unread: Tomorrow: Holiday traffic detail');
    expect(items[2]).toHaveTextContent('No time ticket in February');
    expect(items[2]).not.toHaveTextContent('Unread');

    await userEvent.click(items[0]);
    expect(await screen.findByText('Page /EventSignupBrowse')).toBeInTheDocument();
    expect(inAdminPath()).toBe('/EventSignupBrowse?eventId=5');
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ids: [2] });
  });

  it('marks all read by keyboard', async () => {
    const puts = noticeHandlers();
    signIn(officer);
    renderInAdmin(<RollCallAppBar />, '/');
    const bell = await screen.findByRole('button', { name: 'Notices, 2 unread' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const markAll = await screen.findByRole('menuitem', { name: 'Mark all read' });
    markAll.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({});
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notices, 0 unread' })).toBeInTheDocument();
  });
});
