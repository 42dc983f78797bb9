import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { startMswServer } from '../msw';
import { sessionUser, signIn } from '../fixtures';
import { inAdminPath, renderInAdmin } from '../renderInAdmin';
import { HomePage } from '../../../src/custom/HomePage';

const server = startMswServer();
const OTHERS = ['/UploadBrowse', '/TimeTicketLandingPage', '/EventLandingPage', '/Login'];
const YTD = '/TimeTicketLandingPage?officerId=7&sinceDate=01/01/2026&untilDate=03/15/2026';

/** The session answer and the unread-159 count (a number, or a failing status); returns the officer ids asked. */
function homeHandlers(user = sessionUser(), count: number | { status: number } = 0) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/countUnread159s/:id', ({ params, request }) => {
      asked.push(`${String(params.id)}${new URL(request.url).search}`);
      return typeof count === 'number' ? HttpResponse.text(String(count)) : HttpResponse.json({ message: 'down' }, { status: count.status });
    }),
  );
  return asked;
}

describe('home redirect step 4 (spec §2): officers with unread 159s go to the 159 board', () => {
  it('sends an officer with unread 159s to the 159 board', async () => {
    const asked = homeHandlers(sessionUser(), 2);
    signIn(sessionUser());
    renderInAdmin(<HomePage />, '/', { others: OTHERS });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Sergeant Doe!' })).toBeInTheDocument();
    await waitFor(() => expect(inAdminPath()).toBe('/UploadBrowse?uploadTypeId=1'));
    expect(asked).toEqual(['7']);
  });

  it('sends an officer with every 159 read to his year-to-date time tickets', async () => {
    homeHandlers(sessionUser(), 0);
    signIn(sessionUser());
    renderInAdmin(<HomePage />, '/', { others: OTHERS });
    await waitFor(() => expect(inAdminPath()).toBe(YTD));
  });

  it('a failed count counts as none (docs/decisions.md)', async () => {
    homeHandlers(sessionUser(), { status: 500 });
    signIn(sessionUser());
    renderInAdmin(<HomePage />, '/', { others: OTHERS });
    await waitFor(() => expect(inAdminPath()).toBe(YTD));
  });

  it('asks the count afresh on every visit: once the 159s are read, home goes to the tickets', async () => {
    const asked = homeHandlers(sessionUser(), 1);
    signIn(sessionUser());
    const first = renderInAdmin(<HomePage />, '/', { others: OTHERS });
    await waitFor(() => expect(inAdminPath()).toBe('/UploadBrowse?uploadTypeId=1'));
    first.unmount();
    homeHandlers(sessionUser(), 0);
    renderInAdmin(<HomePage />, '/', { others: OTHERS });
    await waitFor(() => expect(inAdminPath()).toBe(YTD));
    expect(asked).toEqual(['7']);
  });

  it('level 3 goes to the details list without asking the count (step 3 comes first)', async () => {
    const user = sessionUser({ accessType: { accessTypeId: 3, description: 'Restricted' } });
    const asked = homeHandlers(user, 5);
    signIn(user);
    renderInAdmin(<HomePage />, '/', { others: OTHERS });
    await waitFor(() => expect(inAdminPath()).toBe('/EventLandingPage?eventTypeId=1'));
    expect(asked).toEqual([]);
  });
});
