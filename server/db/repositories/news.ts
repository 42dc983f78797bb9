import { and, asc, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import { news } from '../schema';
import { fromIsoDate, toIsoDate } from '../../../src/domain/dates';
import { NEWS_PERMANENT_MAX_ID, type NewsInput, type NewsJson, type NewsListQuery } from '../../../src/domain/schemas/news';
import { rc } from '../../../src/domain/messages';
import { conflict, notFound } from '../../errors';
import type { Page } from './uploads';

type Row = typeof news.$inferSelect;

function toJson(r: Row): NewsJson {
  return {
    newsId: r.newsId,
    dateEntered: fromIsoDate(r.dateEntered) ?? '',
    shortDesc: r.shortDesc,
    newsText: r.newsText,
    enteredBy: r.enteredBy,
    updatedTimestamp: new Date(r.updatedTimestamp).toISOString(),
    hasChildren: r.newsId <= NEWS_PERMANENT_MAX_ID ? 'Y' : 'N',
  };
}

const sortExpr: Record<NonNullable<NewsListQuery['_sort']>, SQLWrapper> = {
  newsId: news.newsId,
  dateEntered: news.dateEntered,
  shortDesc: sql`lower(${news.shortDesc})`,
};

/**
 * News items sorted and paged in SQL, newest first by default (dateEntered, then newsId, both
 * descending), plus the total for X-Total-Count.
 */
export async function listNews(db: Db, page: Page<NonNullable<NewsListQuery['_sort']>>): Promise<{ rows: NewsJson[]; total: number }> {
  const dir = (page.order ?? (page.sort ? 'ASC' : 'DESC')) === 'ASC' ? asc : desc;
  const q = db.select().from(news).orderBy(dir(sortExpr[page.sort ?? 'dateEntered']), dir(news.newsId)).offset(page.offset);
  const rows = page.limit === null ? await q : await q.limit(page.limit);
  const [{ total }] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(news);
  return { rows: rows.map(toJson), total };
}

/** One news item, or 404 'News item not found.' */
export async function getNews(db: Db, newsId: number): Promise<NewsJson> {
  const [row] = await db.select().from(news).where(eq(news.newsId, newsId));
  if (!row) throw notFound(rc.news.errors.newsNotFound);
  return toJson(row);
}

function columns(input: NewsInput, actorId: number, now: Date) {
  return { dateEntered: toIsoDate(input.dateEntered), shortDesc: input.shortDesc, newsText: input.newsText, enteredBy: actorId, updatedTimestamp: now };
}

/** Stores a news item stamped `now` (the app clock) and returns it. */
export async function insertNews(db: Db, input: NewsInput, actorId: number, now: Date): Promise<NewsJson> {
  const [row] = await db.insert(news).values(columns(input, actorId, now)).returning();
  return toJson(row);
}

/** Changes a news item (404 'News item not found.') and returns it. */
export async function updateNews(db: Db, newsId: number, input: NewsInput, actorId: number, now: Date): Promise<NewsJson> {
  const [row] = await db.update(news).set(columns(input, actorId, now)).where(eq(news.newsId, newsId)).returning();
  if (!row) throw notFound(rc.news.errors.newsNotFound);
  return toJson(row);
}

/**
 * Removes news items in one statement. Asking to remove an item with id 1 or less (spec §6) is
 * refused whole: 409 'This news item cannot be removed.' Returns the number removed.
 */
export async function deleteNews(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  if (ids.some((id) => id <= NEWS_PERMANENT_MAX_ID)) throw conflict(rc.news.errors.cannotRemove);
  const removed = await db
    .delete(news)
    .where(and(inArray(news.newsId, ids), sql`${news.newsId} > ${NEWS_PERMANENT_MAX_ID}`))
    .returning({ id: news.newsId });
  return removed.length;
}
