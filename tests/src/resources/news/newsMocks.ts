import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { NewsJson } from '../../../../src/domain/schemas/news';
import type { SessionUser } from '../../../../src/providers/session';

/** A news item as the API answers it. */
export function newsItem(o: Partial<NewsJson> = {}): NewsJson {
  return {
    newsId: 4,
    dateEntered: '03/12/2026',
    shortDesc: 'Holiday deployment',
    newsText: 'Details are posted.\n\nSign up early.',
    enteredBy: 9,
    updatedTimestamp: '2026-03-12T12:00:00.000Z',
    hasChildren: 'N',
    ...o,
  };
}

/** The session answer, the news list (newest first as given) and single items; returns the list queries seen. */
export function newsHandlers(server: SetupServer, user: SessionUser, rows: NewsJson[]) {
  const lists: Array<Record<string, string>> = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/news/getMultiple', ({ request }) => {
      lists.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
    http.get('*/api/news/getSingle/:id', ({ params }) => {
      const found = rows.find((r) => r.newsId === Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'News item not found.' }, { status: 404 });
    }),
  );
  return lists;
}
