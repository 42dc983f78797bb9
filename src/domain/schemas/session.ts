import './jitless';
import { z } from 'zod';
import { instantText } from './wire';
import { SECOND_FACTOR_STAGES } from '../secondFactor';

const rankSchema = z.object({ rankId: z.number(), description: z.string() }).nullable();

/**
 * The signed-in user on the wire (src/domain/sessionUser.ts SessionUser); reused by every call
 * that signs in or finishes a step of the sign-in (password, second factor).
 */
export const sessionUserSchema = z.object({
  officerId: z.number(),
  lastName: z.string(),
  firstName: z.string(),
  middle: z.string().nullable(),
  rank: rankSchema,
  accessType: z.object({ accessTypeId: z.number(), description: z.string() }),
  lastLoginDate: instantText().nullable(),
  profileComplete: z.boolean(),
  mustChangePassword: z.boolean(),
  secondFactor: z.enum(SECOND_FACTOR_STAGES).nullable(),
});

/**
 * What a sign-in answers (POST /api/authenticate, POST /api/passkeys/authentication): the token,
 * the user, and beside him the two-step sign-in step the token is still limited to ('enrol' or
 * 'required'; null when the token opens everything his access level does). Legacy clients read
 * only `jwt` and `user`, as spec §7 has them.
 */
export const signedIn = z.object({
  jwt: z.string(),
  user: sessionUserSchema,
  secondFactor: z.enum(SECOND_FACTOR_STAGES).nullable(),
});
