/**
 * Business constants and limits of spec §9. Shared by the browser and the server;
 * change a number here and both sides follow.
 */

/** Access levels (accessType.accessTypeId), spec §6 and §9. */
export const ACCESS = {
  OFFICER: 1,
  RESTRICTED: 3,
  SUPERVISOR: 5,
  ADMINISTRATOR: 9,
  AUDITOR: 10,
} as const;

/** Officer ids exempt from profile completeness; their unread-159 count is 0 ('N/A'). Spec §5, §6. */
export const EXEMPT_OFFICER_IDS: readonly number[] = [1, 2, 3, 767];

/** Default id of the super-user officer; the running value comes from SUPER_USER_ID. Spec §6. */
export const DEFAULT_SUPER_USER_ID = 1;

/** Event types, spec §9. */
export const EVENT_TYPE = { DETAILS: 1, TRAINING: 4, ADMINISTRATIVE: 9, SPECIAL: 11 } as const;
/**
 * The event type ids (1, 4, 9, 11). The assignment types with these same ids are the ones that
 * need an event, whose type they must match (spec §9, §5 time ticket).
 */
export const EVENT_TYPE_IDS: readonly number[] = Object.values(EVENT_TYPE);

/** Assignment type with the 15-hour shift limit at level 5+. */
export const LONG_SHIFT_ASSIGNMENT_TYPE_ID = 3;
/** Assignment type hidden from the ticket form. */
export const HIDDEN_ASSIGNMENT_TYPE_ID = 5;

/** Upload types, spec §9. */
export const UPLOAD_TYPE = { BOARD_159: 1, LOSAP_NOTICES: 2 } as const;

/** List paging, spec §2 and §9. */
export const PAGE_SIZES: readonly number[] = [25, 50, 100, 150, 200];
export const DEFAULT_PAGE_SIZE = 100;

/** Shift length limits in hours. */
export const SHIFT_LIMIT_HOURS = 12;
export const LONG_SHIFT_LIMIT_HOURS = 15;
/** Event length limit in hours. */
export const EVENT_LIMIT_HOURS = 24;

/** Back-dating and correction window in days (by access level). */
export const EDIT_WINDOW_DAYS = 30;
export const AUDITOR_EDIT_WINDOW_DAYS = 365;

/** Unread-159 alert after this many days. */
export const UNREAD_159_ALERT_DAYS = 30;

/** Time step for times (minutes), 24-hour format. */
export const TIME_STEP_MINUTES = 15;

/** Text limits (characters). */
export const LIMITS = {
  TICKET_DESCRIPTION: 5000,
  AUDIT_COMMENTS: 5000,
  NEWS_TEXT: 2000,
  EVENT_DESCRIPTION: 535,
  UPLOAD_DESCRIPTION: 535,
} as const;

/** Password rule: 8 to 12 alphanumeric characters starting with a letter. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 12;

/** Session limits (spec §4 inactivity; absolute limit is ours). */
export const IDLE_TIMEOUT_MINUTES = 15;
export const IDLE_CHECK_SECONDS = 5;
export const IDLE_WARNING_SECONDS = 60;

/** A script chunk that has not arrived after this long counts as failed (spec §8: 120 seconds). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SESSION_ABSOLUTE_HOURS = 12;

/** Sign-in lockout: this many failures in a row lock the login for LOCKOUT_MINUTES. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 10;
/** Temporary passwords from /password/reset expire after this many minutes. */
export const TEMP_PASSWORD_MINUTES = 30;
/** A link mailed to confirm an e-mail address works once, within this many hours. */
export const EMAIL_CONFIRM_HOURS = 48;
/** The link mailed to an imported officer to set his password works once, within this many hours. */
export const PASSWORD_SETUP_HOURS = 72;
/** A running import writes its heartbeat this often (seconds)... */
export const IMPORT_HEARTBEAT_SECONDS = 30;
/** ...and one whose heartbeat is older than this (minutes) is taken for cut short (its server process is gone). */
export const IMPORT_STALE_MINUTES = 3;

/** Date and time formats on the wire and on screen. */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const TIME_FORMAT = 'HH:mm';

/** Events window selector: 10 or more means since this date (all events). */
export const EVENTS_ALL_SINCE = '01/01/1980';

/** Session storage key of the token, spec §2. */
export const TOKEN_KEY = 'jwt';
