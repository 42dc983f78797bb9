import type { SecondFactorStage } from './secondFactor';

/**
 * The signed-in user (spec §3 "Signed-in user") as POST /api/authenticate and GET /api/session
 * return it, plus what the login flow of spec §2 needs.
 */
export interface SessionUser {
  officerId: number;
  lastName: string;
  firstName: string;
  middle: string | null;
  rank: { rankId: number; description: string } | null;
  accessType: { accessTypeId: number; description: string };
  /** ISO instant of the last sign-in, or null before the first one (then /PasswordChange). */
  lastLoginDate: string | null;
  profileComplete: boolean;
  /** The session may only change the password (first sign-in or temporary password). */
  mustChangePassword: boolean;
  /**
   * The step of two-step sign-in the session still waits for ('required' or 'enrol'), or null when
   * fully signed in. While set, the only pages are /TwoFactor and sign-out (src/domain/secondFactor.ts).
   */
  secondFactor: SecondFactorStage | null;
}
