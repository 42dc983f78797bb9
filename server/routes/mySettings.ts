import { z } from 'zod';
import type { App } from '../appType';
import { audit } from '../audit';
import { authorize } from '../auth/guard';
import { badRequest, notFound } from '../errors';
import { rc } from '../../src/domain/messages';
import { EVENT_TYPE } from '../../src/domain/constants';
import {
  feedCreateBody,
  feedCreated,
  feedScopeParams,
  mySettings,
  noticeList,
  noticesReadBody,
  reminderChoicesBody,
} from '../../src/domain/schemas/mySettings';
import { deleteFeed, feedsOf, markNoticesRead, mySettingsOf, noticesOf, replaceFeed, setReminderChoices } from '../db/repositories/mySettings';
import { feedTokenHash, newFeedToken } from '../calendarFeed';
import { appUrlOf } from './calendar';

/**
 * My Settings (the signed-in officer's own reminder choices and calendar feeds) and his in-app
 * notices. Every call acts on the signed-in officer's own rows only: no call names an officer.
 */
export async function mySettingsRoutes(app: App) {
  const { db, config } = app.ctx;
  const tz = config.ORG_TIMEZONE;
  const tags = ['mySettings'];

  /** GET /api/mySettings -> mySettings: his feeds (never their URLs), reminder choices and whether mail reaches him. */
  app.get('/mySettings', { schema: { tags, summary: 'My calendar feeds and reminder choices', response: { 200: mySettings } } }, async (request) => {
    const actor = authorize(request, 'settings:own');
    return mySettingsOf(db, actor.officerId, tz);
  });

  /**
   * PUT /api/mySettings/reminders {kind: boolean, ...} -> mySettings. Kinds left out keep their
   * value; an unknown kind or a non-boolean: 400. Audited ('update', reminderChoices).
   */
  app.put(
    '/mySettings/reminders',
    {
      config: { contract: { remove: [404, 409] } },
      schema: { tags, summary: 'Turn reminders on or off', body: reminderChoicesBody, response: { 200: mySettings } },
    },
    async (request) => {
      const actor = authorize(request, 'settings:own');
      await db.transaction(async (tx) => {
        const { before, after } = await setReminderChoices(tx, actor.officerId, request.body);
        await audit(tx, request, { action: 'update', entity: 'reminderChoices', entityId: actor.officerId, before, after });
      });
      return mySettingsOf(db, actor.officerId, tz);
    },
  );

  /**
   * POST /api/mySettings/feeds {scope, precinctId?, eventTypeId?} -> 201 feedCreated: a new
   * secret feed URL (PUBLIC_URL or this request's address + /api/calendarFeed/{token}), shown
   * this once (only the token's SHA-256 is kept). Replaces his feed of that scope, whose URL then
   * answers 404. The filters apply to 'details' only. 'details' below level 5: 403
   * rc.calendar.errors.detailsFeedLevel. An unknown precinct: 400; an event type other than
   * Details: 400 rc.calendar.errors.detailsFeedType (the feed carries details only). Audited.
   */
  app.post(
    '/mySettings/feeds',
    {
      config: { contract: { remove: [409] } },
      schema: { tags, summary: 'Make a private calendar feed URL (replaces the old one)', body: feedCreateBody, response: { 201: feedCreated } },
    },
    async (request, reply) => {
      const actor = authorize(request, 'settings:own');
      const { scope } = request.body;
      if (scope === 'details') authorize(request, 'feed:details', undefined, rc.calendar.errors.detailsFeedLevel);
      const precinctId = scope === 'details' ? (request.body.precinctId ?? null) : null;
      const eventTypeId = scope === 'details' ? (request.body.eventTypeId ?? null) : null;
      // it carries details only: any other type would make a feed that is always empty
      if (eventTypeId !== null && eventTypeId !== EVENT_TYPE.DETAILS) throw badRequest(rc.calendar.errors.detailsFeedType);
      const token = newFeedToken();
      const now = app.ctx.now();
      await db.transaction(async (tx) => {
        const made = await replaceFeed(tx, { officerId: actor.officerId, scope, precinctId, eventTypeId, tokenHash: feedTokenHash(token), now });
        await audit(tx, request, {
          action: 'create',
          entity: 'calendarFeed',
          entityId: made.id,
          after: { scope, precinctId, eventTypeId },
          details: made.replaced ? `replaced his previous ${scope} feed` : null,
        });
      });
      const info = (await feedsOf(db, actor.officerId, tz)).find((f) => f.scope === scope)!;
      return reply.code(201).send({ ...info, url: `${appUrlOf(request, config.PUBLIC_URL)}/api/calendarFeed/${token}` });
    },
  );

  /**
   * DELETE /api/mySettings/feeds/{scope} -> 204: revokes his feed of that scope (its URL then
   * answers 404). 404 rc.settings.errors.noFeed when he has none. Audited.
   */
  app.delete(
    '/mySettings/feeds/:scope',
    {
      config: { contract: { remove: [409] } },
      schema: { tags, summary: 'Revoke a calendar feed URL', params: feedScopeParams, response: { 204: z.null().describe('Revoked; the URL answers 404 from now on') } },
    },
    async (request, reply) => {
      const actor = authorize(request, 'settings:own');
      const { scope } = request.params;
      await db.transaction(async (tx) => {
        const id = await deleteFeed(tx, actor.officerId, scope);
        if (id === null) throw notFound(rc.settings.errors.noFeed);
        await audit(tx, request, { action: 'delete', entity: 'calendarFeed', entityId: id, before: { scope }, after: null });
      });
      return reply.code(204).send(null);
    },
  );

  /** GET /api/notices -> noticeList: his newest NOTICE_LIST_LIMIT reminders (newest first) and his unread count. */
  app.get('/notices', { schema: { tags, summary: 'My notices (reminders) and the unread count', response: { 200: noticeList } } }, async (request) => {
    const actor = authorize(request, 'settings:own');
    return noticesOf(db, actor.officerId, tz);
  });

  /**
   * PUT /api/notices/read {ids?} -> noticeList: marks those of his notices read (all of his when
   * ids is absent or the body is empty); ids of other officers' notices change nothing.
   */
  app.put(
    '/notices/read',
    {
      config: { contract: { remove: [404, 409] } },
      schema: { tags, summary: 'Mark my notices read', body: noticesReadBody.optional(), response: { 200: noticeList } },
    },
    async (request) => {
      const actor = authorize(request, 'settings:own');
      await markNoticesRead(db, actor.officerId, request.body?.ids, app.ctx.now());
      return noticesOf(db, actor.officerId, tz);
    },
  );
}
