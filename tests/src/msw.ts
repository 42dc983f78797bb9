import { setupServer, type SetupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * One msw server per test file (call at the top level of the file): listens before the tests,
 * forgets per-test handlers (server.use()) after each, closes at the end. Unhandled calls fail,
 * except GET /api/notices: the header's bell asks it on every signed-in page, and a test that
 * does not look at the bell gets an empty list; and GET /api/events/getMultiple, which the
 * signed-in layout asks for the ticket form's event picker after sign-in (offline entry): none
 * unless the test says (a test's own handler comes first).
 */
export function startMswServer(): SetupServer {
  const server = setupServer(
    http.get('*/api/notices', () => HttpResponse.json({ unread: 0, notices: [] })),
    http.get('*/api/events/getMultiple', () => HttpResponse.json([])),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A request as a test sees it: method, path, query and JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

export async function describeRequest(request: Request): Promise<SeenRequest> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams.entries()),
    body,
    authorization: request.headers.get('Authorization'),
  };
}
