import { PASSWORD_MAX } from './constants';
import { rc } from './messages';

/** Spec §5: 8 to 12 alphanumerics starting with a letter. */
export const PASSWORD_PATTERN = /^[A-Za-z][A-Za-z0-9]{7,11}$/;

/** The screen truncates entries over 12 characters (spec §5). */
export function truncatePassword(value: string): string {
  return value.slice(0, PASSWORD_MAX);
}

/**
 * What a password typed at sign-in (or as the current password) may stand for: itself and, when
 * it is longer than 12 characters, its first 12, which is all the Change Password screen keeps of
 * it (spec §5). So the keystrokes that set a password always sign in with it; a longer password
 * stored whole (the first start's ADMIN_PASSWORD) still matches as typed.
 */
export function typedPasswordForms(value: string): string[] {
  return value.length > PASSWORD_MAX ? [value, truncatePassword(value)] : [value];
}

/**
 * Checks a new password and its verification (spec §5 Change password). Returns the spec message
 * of the first failure, or null.
 */
export function validateNewPassword(newPassword: string, verifyPassword?: string): string | null {
  if (!PASSWORD_PATTERN.test(newPassword)) return rc.auth.passwordChange.rule;
  if (verifyPassword !== undefined && newPassword !== verifyPassword) return rc.auth.passwordChange.mismatch;
  return null;
}
