/**
 * Wire shapes of the one-time set-password link mailed to an imported officer (who has no
 * password): GET /api/password/set?token= tells the page whose link it is, PUT /api/password/set
 * sets the password (spec §5's rule and messages) and confirms the address the link went to.
 */
import './jitless';
import { z } from 'zod';
import { rc } from '../messages';

const token = z.string({ error: rc.validation.required }).min(1, rc.validation.required).max(200);

/** GET /api/password/set?token=… -> {login}; 400 rc.auth.passwordSetup.invalidLink. Public. */
export const passwordSetupQuery = z.object({ token });
export const passwordSetupLink = z.object({ login: z.string() });

/** PUT /api/password/set {token, newPassword, verifyPassword?} -> {message: rc.auth.passwordSetup.done}. Public, rate-limited. */
export const passwordSetupBody = z.strictObject({
  token,
  newPassword: z.string({ error: rc.validation.required }).min(1, rc.validation.required).max(200),
  verifyPassword: z.string().max(200).optional(),
});
export type PasswordSetupBody = z.infer<typeof passwordSetupBody>;
