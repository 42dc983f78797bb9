import { z } from 'zod';
import type { App } from '../appType';
import { audit } from '../audit';
import { authorize } from '../auth/guard';
import { badRequest } from '../errors';
import { rc } from '../../src/domain/messages';
import { deleteList, idParams, idsToDelete } from '../../src/domain/schemas/common';
import { MAX_NEWS_PAGE, newsFields, newsJson, newsListQuery, newsUpdate } from '../../src/domain/schemas/news';
import { deleteNews, getNews, insertNews, latestUnreadNews, listNews, markNewsRead, updateNews } from '../db/repositories/news';
import { pageOf } from './listPage';
import { sendTotal } from '../reply';

const tags = ['news'];

/**
 * Newsfeed (spec §2 News, §3, §5 News, §6, §7). Read by every level but 3; written at level 9+
 * (spec §2 shows Add and Remove to everybody; the server decides, docs/decisions.md). Each officer
 * marks items read for himself (news_read), so the latest unread one shows on his landing page.
 */
export async function newsRoutes(app: App) {
  /**
   * GET /api/news/getMultiple?_sort&_order&_start&_end -> News[] newest first (dateEntered, then
   * newsId), paged in SQL with X-Total-Count; at most 200 rows.
   */
  app.get(
    '/news/getMultiple',
    { schema: { tags, summary: 'News items, newest first', querystring: newsListQuery, response: { 200: z.array(newsJson) } } },
    async (request, reply) => {
      authorize(request, 'news:read');
      const q = request.query;
      const result = await listNews(app.ctx.db, { sort: q._sort, order: q._order, ...pageOf(q, MAX_NEWS_PAGE) });
      sendTotal(reply, result.total);
      return result.rows;
    },
  );

  /** GET /api/news/getSingle/{id} -> News; 404 'News item not found.' */
  app.get(
    '/news/getSingle/:id',
    {
      schema: {
        tags,
        summary: 'One news item',
        params: idParams,
        response: { 200: newsJson },
      },
    },
    async (request) => {
      authorize(request, 'news:read');
      return getNews(app.ctx.db, request.params.id);
    },
  );

  /**
   * GET /api/news/getLatestUnread -> 200 News: the newest news item (the newsfeed's order: date
   * entered, then id) that the signed-in officer has not marked read, which his landing page shows
   * until he does; 204 (no body) when he has read every item. His own read state only. Every
   * level but 3 (403), like the newsfeed.
   */
  app.get(
    '/news/getLatestUnread',
    {
      schema: {
        tags,
        summary: 'The newest news item the signed-in officer has not marked read',
        response: { 200: newsJson, 204: z.null().describe('The signed-in officer has read every news item') },
      },
    },
    async (request, reply) => {
      const actor = authorize(request, 'news:read');
      const item = await latestUnreadNews(app.ctx.db, actor.officerId);
      if (!item) return reply.code(204).send(null);
      return item;
    },
  );

  /**
   * PUT /api/news/markRead/{id} (no body) -> 204: the signed-in officer has read news item {id}
   * (the landing page's 'Mark as read'). Only his own read state: the address names no officer,
   * so nobody marks an item for somebody else. Marking it again changes nothing (the first time
   * is kept). Every level but 3 (403); 404 'News item not found.'.
   */
  app.put(
    '/news/markRead/:id',
    {
      // marking twice is not a conflict: the first mark stands
      config: { contract: { remove: [409] } },
      schema: { tags, summary: 'Mark a news item read for the signed-in officer', params: idParams, response: { 204: z.null().describe('Marked read') } },
    },
    async (request, reply) => {
      const actor = authorize(request, 'news:read');
      await markNewsRead(app.ctx.db, actor.officerId, request.params.id, app.ctx.now());
      return reply.code(204).send(null);
    },
  );

  /**
   * POST /api/news/insert, body {dateEntered: MM/DD/YYYY, shortDesc, newsText} -> 201 News. Level 9+.
   * 400 'Date is required', 'Title is required', 'News text is required', 'News Content has
   * non-ASCII characters. Please remove!', 'Must be 2000 characters or fewer'.
   */
  app.post(
    '/news/insert',
    { schema: { tags, summary: 'Add a news item (level 9+)', body: newsFields, response: { 201: newsJson } } },
    async (request, reply) => {
      const actor = authorize(request, 'news:write');
      const created = await app.ctx.db.transaction(async (tx) => {
        const row = await insertNews(tx, request.body, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'create', entity: 'news', entityId: row.newsId, after: row });
        return row;
      });
      return reply.code(201).send(created);
    },
  );

  /** PUT /api/news/update, body as insert plus newsId -> 200 News. Level 9+; 404 'News item not found.' */
  app.put(
    '/news/update',
    { schema: { tags, summary: 'Change a news item (level 9+)', body: newsUpdate, response: { 200: newsJson } } },
    async (request) => {
      const actor = authorize(request, 'news:write');
      const id = request.body.newsId ?? 0;
      return app.ctx.db.transaction(async (tx) => {
        const before = await getNews(tx, id).catch(() => null);
        const after = await updateNews(tx, id, request.body, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'update', entity: 'news', entityId: id, before, after });
        return after;
      });
    },
  );

  /**
   * DELETE /api/news/delete, body [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}] -> {deleted: n}.
   * Level 9+. Items with id 1 or less cannot be removed (spec §6): 409 'This news item cannot be removed.'
   */
  app.delete(
    '/news/delete',
    { schema: { tags, summary: 'Remove news items (level 9+)', body: deleteList, response: { 200: z.object({ deleted: z.number() }) } } },
    async (request) => {
      authorize(request, 'news:write');
      const ids = idsToDelete(request.body);
      if (!ids.length) throw badRequest(rc.errors.nothingToDelete);
      return app.ctx.db.transaction(async (tx) => {
        const before: Array<Awaited<ReturnType<typeof getNews>> | null> = [];
        for (const id of ids) before.push(await getNews(tx, id).catch(() => null));
        const deleted = await deleteNews(tx, ids);
        // only the items that were there: removing an unknown id changes nothing
        await audit(tx, request, ids.flatMap((id, i) => (before[i] ? [{ action: 'delete', entity: 'news', entityId: id, before: before[i], after: null }] : [])));
        return { deleted };
      });
    },
  );
}
