import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditRefusal } from '../audit';
import { MAX_FAILED_LOGINS } from '../../src/domain/constants';
import * as accounts from '../db/repositories/accounts';

/** One claimed sign-in attempt of a login (signInAttempt). */
export interface SignInAttempt {
  /** The login was locked already (MAX_FAILED_LOGINS failures in a row within the lock): refuse without checking. */
  locked: boolean;
  /**
   * Records this attempt as failed: a 'login-failed' refusal naming the officer (null when the
   * login is unknown) and `reason`, and the 'lockout' entry when this failure locks the login.
   */
  refuse(officerId: number | null, reason: string): Promise<void>;
}

/**
 * The lockout of spec §5 for every way of signing in (password, second-factor code, passkey):
 * claims one attempt of `login` before its slow or replayable check, so parallel guesses cannot
 * all pass a lock that only the earlier ones' failures would set. The refusals are written outside
 * any transaction: the claim they pair with has committed on its own. `actorId` is the officer the
 * refusals name as actor (null: nobody is signed in yet). A right answer clears the count
 * (accounts.clearFailedLogins) in the transaction that opens the session.
 */
export async function signInAttempt(db: Db, request: FastifyRequest, login: string, now: Date, actorId: number | null = null): Promise<SignInAttempt> {
  const attempt = await accounts.claimLoginAttempt(db, login, now);
  return {
    locked: attempt > MAX_FAILED_LOGINS,
    async refuse(officerId, reason) {
      await auditRefusal(db, request, { action: 'login-failed', entity: 'officer', entityId: officerId, outcome: 'failure', details: reason, actorId });
      if (attempt === MAX_FAILED_LOGINS) {
        await auditRefusal(db, request, { action: 'lockout', entity: 'officer', entityId: officerId, outcome: 'failure', details: `${MAX_FAILED_LOGINS} failures in a row`, actorId });
      }
    },
  };
}
