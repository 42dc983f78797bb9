import { and, asc, desc, eq, inArray, notExists, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import { news, newsRead } from '../schema';
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

/**
 * The newest news item (dateEntered, then newsId, both descending: the newsfeed's order) that
 * `officerId` has not marked read, or null when he has read them all. One SQL statement.
 */
export async function latestUnreadNews(db: Db, officerId: number): Promise<NewsJson | null> {
  const read = db
    .select({ one: sql`1` })
    .from(newsRead)
    .where(and(eq(newsRead.officerId, officerId), eq(newsRead.newsId, news.newsId)));
  const [row] = await db.select().from(news).where(notExists(read)).orderBy(desc(news.dateEntered), desc(news.newsId)).limit(1);
  return row ? toJson(row) : null;
}

/**
 * Records that `officerId` read news item `newsId` at `now` (the app clock); marking an item read
 * again keeps the first time. 404 'News item not found.' for an unknown item. The item is locked
 * (FOR SHARE) while the mark is written, so a removal at the same moment cannot make it fail.
 */
export async function markNewsRead(db: Db, officerId: number, newsId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ id: news.newsId }).from(news).where(eq(news.newsId, newsId)).for('share');
    if (!found) throw notFound(rc.news.errors.newsNotFound);
    await tx.insert(newsRead).values({ officerId, newsId, readAt: now }).onConflictDoNothing();
  });
}
