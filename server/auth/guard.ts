import type { FastifyRequest } from 'fastify';
import { can, type Action, type Actor, type Target } from '../../src/domain/access';
import { rc } from '../../src/domain/messages';
import { forbidden, unauthorized } from '../errors';
import type { SessionUser } from '../../src/domain/sessionUser';

/** The signed-in actor of a request; 401 when there is none (the session hook ran already). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized(rc.errors.notAuthenticated);
  return request.actor;
}

/**
 * Checks `can(actor, action, target)` (spec §6) and returns the actor; 401 without a session,
 * 403 'Unauthorized!' when the rule refuses.
 */
export function authorize(request: FastifyRequest, action: Action, target?: Target, message: string = rc.errors.unauthorized): Actor {
  const actor = requireActor(request);
  if (!can(actor, action, target)) throw forbidden(message);
  return actor;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a live session (spec §3), read by the session check in the same query as the actor. */
    sessionUser: SessionUser | null;
  }
}

/**
 * The signed-in officer acting on his own second factors (decision 029): a half-signed-in session
 * in a stage the route declares (`config.secondFactorStep`; app.ts lets no other stage reach the
 * route), else a full session that may use My Settings ('settings:own'). 401 without a session,
 * 403 'Unauthorized!' otherwise (a password-change-only session, an incomplete profile).
 */
export function authorizeOwnFactors(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (actor.secondFactor && request.routeOptions.config?.secondFactorStep?.includes(actor.secondFactor)) return actor;
  return authorize(request, 'settings:own');
}
