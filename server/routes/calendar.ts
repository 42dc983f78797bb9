import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { scopeVersions } from '../db/dataVersion';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { can } from '../../src/domain/access';
import { badRequest, notFound } from '../errors';
import { format, rc } from '../../src/domain/messages';
import { compareDates, dayjs, isValidDate, todayFollowing } from '../../src/domain/dates';
import { DATE_FORMAT } from '../../src/domain/constants';
import { REMINDER_TIMING } from '../../src/domain/reminders';
import { CALENDAR_MAX_DAYS, calendarAnswer, calendarQuery, feedTokenParams } from '../../src/domain/schemas/mySettings';
import { calendarEvents, detailFeedEntries, findFeed, signupFeedEntries, type FeedEntry } from '../db/repositories/calendar';
import { feedTokenHash, writeFeed } from '../calendarFeed';

/** How far back a 'details' feed reaches (days before now): last month's details stay visible. */
export const DETAILS_FEED_PAST_DAYS = 30;
/** A feed's last_fetched_at is written at most this often (minutes): polling apps cost no write each. */
const FETCH_TOUCH_MINUTES = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A feed as last written: kept while the events and lookups versions and the hour stand. */
interface KeptFeed {
  etag: string;
  lastModified: Date;
  text: string;
}

/** The app's address as links should carry it: PUBLIC_URL, else the request's own scheme and host. */
export function appUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** True when an If-None-Match header names `etag` (or is '*'); weak and strong forms compare alike. */
function matchesEtag(header: string, etag: string): boolean {
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/**
 * Whether the request's conditional headers say the client's copy is current (RFC 9110 13.2.2):
 * If-None-Match wins when present; else If-Modified-Since at or after Last-Modified (whole seconds).
 */
function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const inm = request.headers['if-none-match'];
  if (inm) return matchesEtag(inm, etag);
  const ims = request.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * The events calendar (GET /api/events/calendar) and the public iCalendar feed
 * (GET /api/calendarFeed/{token}) whose URLs officers make on My Settings.
 */
export async function calendarRoutes(app: App) {
  const { config } = app.ctx;
  const tz = config.ORG_TIMEZONE;
  const today = todayFollowing(tz, app.ctx.now);

  /**
   * GET /api/events/calendar?from&to&eventTypeId&precinctId -> calendarEvent[] (earliest first):
   * the events overlapping the days from..to (MM/DD/YYYY, inclusive, calendar days in
   * ORG_TIMEZONE), with start/end wall-clock 'YYYY-MM-DDTHH:mm', the spec §4 staffing status and
   * whether the signed-in officer is on each roster. Level 3 gets details only (his Detail List).
   * 400: a bad date (rc.validation.invalidDate), from after to ('Since date must be <= until
   * date!'), more than CALENDAR_MAX_DAYS days ('Calendar range must be 62 days or fewer!').
   */
  app.get(
    '/events/calendar',
    {
      schema: {
        tags: ['events'],
        summary: 'Events overlapping a range of days, for the calendar',
        querystring: calendarQuery,
        response: { 200: calendarAnswer },
      },
    },
    async (request, reply) => {
      const actor = authorize(request, 'event:read');
      const { from, to, eventTypeId, precinctId } = request.query;
      if (!isValidDate(from) || !isValidDate(to)) throw badRequest(rc.validation.invalidDate);
      if (compareDates(from, to) > 0) throw badRequest(rc.validation.sinceAfterUntil);
      const days = dayjs(to, DATE_FORMAT, true).diff(dayjs(from, DATE_FORMAT, true), 'day') + 1;
      if (days > CALENDAR_MAX_DAYS) throw badRequest(format(rc.calendar.errors.rangeTooLong, { max: CALENDAR_MAX_DAYS }));
      const filter = {
        from,
        to,
        eventTypeId: eventTypeId || undefined,
        precinctId: precinctId || undefined,
        detailsOnly: !can(actor, 'event:calendar-all-types'),
        officerId: actor.officerId,
      };
      return app.ctx.answers.answer(request, reply, {
        db: app.ctx.db,
        // sign-up counts and his own sign-ups (events scope), locations, precincts and event types (lookups)
        scopes: ['events', 'lookups'],
        make: async () => ({ rows: await calendarEvents(app.ctx.db, filter, tz) }),
      });
    },
  );

  /**
   * Reads a feed's entries (windows counted back from `hour`) and writes its text, ETag (a hash of
   * everything the text is written from) and Last-Modified (the newest change among its entries
   * and the feed row).
   */
  async function writeKept(feed: NonNullable<Awaited<ReturnType<typeof findFeed>>>, appUrl: string, hour: number): Promise<KeptFeed> {
    const entries: FeedEntry[] =
      feed.scope === 'signups'
        ? await signupFeedEntries(app.ctx.db, feed.officerId, new Date(hour - REMINDER_TIMING.cancelledKeepDays * DAY_MS), tz)
        : await detailFeedEntries(app.ctx.db, feed, new Date(hour - DETAILS_FEED_PAST_DAYS * DAY_MS), tz);
    let newest = feed.createdAt.getTime();
    for (const e of entries) newest = Math.max(newest, e.changedAt.getTime());
    const etag = `"${createHash('sha256')
      .update(JSON.stringify([feed.id, feed.scope, appUrl, tz, config.ORG_NAME, entries]))
      .digest('base64url')
      .slice(0, 32)}"`;
    const text = writeFeed(entries, { scope: feed.scope as 'signups' | 'details', tz, orgName: config.ORG_NAME, uidHost: new URL(appUrl).hostname, appUrl });
    return { etag, lastModified: new Date(newest), text };
  }

  /**
   * GET /api/calendarFeed/{token} -> text/calendar (RFC 5545): public (the token is the
   * credential), rate-limited per client address (FEED_RATE_LIMIT a minute). 'signups': his
   * sign-ups, and for REMINDER_TIMING.cancelledKeepDays days each roster he was taken off as
   * CANCELLED; 'details': every detail of its filter from DETAILS_FEED_PAST_DAYS days back. ETag
   * and Last-Modified; 304 without a body when If-None-Match (or, without it, If-Modified-Since)
   * says the copy is current. 404 rc.calendar.errors.feedNotFound for an unknown or revoked token,
   * an officer whose separation date has come, or a 'details' feed whose officer is now below level 5.
   * The written feed is kept (within ANSWER_CACHE_MB) while the events and lookups data versions
   * and the hour stand, so a poll that finds nothing changed reads no rows.
   */
  app.get(
    '/calendarFeed/:token',
    {
      config: {
        public: true,
        rateLimit: { max: config.FEED_RATE_LIMIT, timeWindow: '1 minute' },
        contract: { media: { 200: 'text/calendar' } },
      },
      schema: {
        tags: ['calendar'],
        summary: 'A private calendar feed (iCalendar), by its secret token',
        security: [],
        params: feedTokenParams,
        response: {
          200: z.string().meta({ description: 'The iCalendar text (VCALENDAR with the VTIMEZONE of ORG_TIMEZONE); ETag and Last-Modified' }),
          304: z.null().describe('Not modified: the copy named by If-None-Match / If-Modified-Since is current'),
        },
      },
      // /api answers are no-store (app.ts); a feed may be kept by its calendar app if it asks again (ETag)
      onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('cache-control', 'private, no-cache');
        return payload;
      },
    },
    async (request, reply) => {
      const now = app.ctx.now();
      const feed = await findFeed(app.ctx.db, feedTokenHash(request.params.token), now, today(), FETCH_TOUCH_MINUTES);
      const allowed =
        feed && !feed.separated && (feed.scope === 'signups' || can({ officerId: feed.officerId, accessLevel: feed.accessLevel }, 'feed:details'));
      if (!feed || !allowed) throw notFound(rc.calendar.errors.feedNotFound);
      const appUrl = appUrlOf(request, config.PUBLIC_URL);
      // Windows are counted from the hour, so a kept feed stays exact until the hour turns; the
      // events scope covers events, sign-ups and (by the same statements) roster removals.
      const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
      // Kept in the one answer layer (calendar apps poll every few hours and mostly find nothing
      // changed); with ANSWER_CACHE_MB 0 it is written afresh and no version is read.
      const version = config.ANSWER_CACHE_MB > 0 ? `${await scopeVersions(app.ctx.db, ['events', 'lookups'])} ${hour}` : '';
      const kept = await app.ctx.answers.keep(`calendarFeed ${feed.id} ${appUrl}`, version, () => writeKept(feed, appUrl, hour), (f) => f.text.length);
      reply.header('etag', kept.etag).header('last-modified', kept.lastModified.toUTCString());
      if (notModified(request, kept.etag, kept.lastModified)) return reply.code(304).send(null);
      const text = kept.text;
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="rollcall.ics"').send(text);
    },
  );
}
