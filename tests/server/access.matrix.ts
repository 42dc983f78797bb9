/**
 * The authorisation matrix of Roll Call (spec §6): for every /api route and method,
 * what each kind of user may do. `tests/server/access.matrix.test.ts` walks the OpenAPI document
 * (a route missing here fails the suite) and exercises every cell against the running app, as two
 * officers of each level, on their own and on another officer's records.
 *
 * Columns: access levels 1, 3 (restricted), 5 (supervisor), 9 (administrator), 10 (auditor and
 * roster administrator) and the super user (officer SUPER_USER_ID, level 10).
 * Cells: 'allow' (own and another's records), 'own' (own records only: another's is 403),
 * 'others' (another's records only: his own is 403, as an auditor reviewing time tickets), 'deny' (403). 'public' rows answer without a session too. Level 10 is not "more than 9" by
 * rule: each cell is written out, never derived from the level. INCOMPLETE_PROFILE (below) is the
 * column of an officer whose profile is incomplete.
 */
export type Cell = 'allow' | 'own' | 'others' | 'deny';
export const WHO = ['L1', 'L3', 'L5', 'L9', 'L10', 'SU'] as const;
export type Who = (typeof WHO)[number];
export type Row = Record<Who, Cell> | 'public';

const r = (L1: Cell, L3: Cell, L5: Cell, L9: Cell, L10: Cell, SU: Cell): Row => ({ L1, L3, L5, L9, L10, SU });
const everyone = r('allow', 'allow', 'allow', 'allow', 'allow', 'allow');
const notRestricted = r('allow', 'deny', 'allow', 'allow', 'allow', 'allow');
const level9up = r('deny', 'deny', 'deny', 'allow', 'allow', 'allow');
const level10up = r('deny', 'deny', 'deny', 'deny', 'allow', 'allow');
const ownOnly = r('own', 'own', 'own', 'own', 'own', 'own');

/** Keys are `METHOD path` exactly as the OpenAPI document spells the path. */
export const ACCESS_MATRIX: Record<string, Row> = {
  // System and accounts (spec §7 Authentication and account)
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'POST /api/authenticate': 'public',
  'PUT /api/password/reset': 'public',
  /** The link mailed to an address an officer gave for himself, opened from the mail. */
  'PUT /api/email/confirm': 'public',
  /** The set-password link mailed to an officer an import added, opened from the mail. */
  'GET /api/password/set': 'public',
  'PUT /api/password/set': 'public',
  'GET /api/officer/isValidLogin/{login}': 'public',
  'GET /api/session': everyone,
  'POST /api/logout': everyone,
  'PUT /api/updateLastLoginDate/{officerId}': ownOnly,
  /** Own login; anyone's for the roster administrator (level 10). */
  'GET /api/getRoleByUsername/{login}': r('own', 'own', 'own', 'own', 'allow', 'allow'),
  /** Only one's own password, at every level, the super user's included. */
  'PUT /api/password/update': ownOnly,

  // Lookups
  'GET /api/getStateTable': everyone,
  'GET /api/getPrecinctTable': everyone,
  'GET /api/getLookupTable': everyone,

  // Locations: read by everyone signed in, written at level 9+
  'GET /api/locations/getMultiple': everyone,
  'GET /api/locations/getSingle/{id}': everyone,
  'POST /api/locations/insert': level9up,
  'PUT /api/locations/update': level9up,
  'DELETE /api/locations/delete': level9up,

  // Events
  /** With ?officerId: that officer's sign-ups, so one's own below level 5 (defect 3). */
  'GET /api/events/getMultiple': r('own', 'own', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/events/getSingle/{id}': everyone,
  'POST /api/events/insert': level9up,
  'PUT /api/events/update': level9up,
  'DELETE /api/events/delete': level9up,
  'POST /api/events/getNonCompliantOfficers': level9up,

  // Events calendar, My Settings and notices: each acts on the caller's own rows (no call names an officer)
  /** Level 3 gets details only (his Detail List). */
  'GET /api/events/calendar': everyone,
  /** Opened by calendar apps without a session: the secret token is the credential. */
  'GET /api/calendarFeed/{token}': 'public',
  'GET /api/mySettings': everyone,
  'PUT /api/mySettings/reminders': everyone,
  /** Called for the supervisors' feed of every detail ('details'): level 5+. */
  'POST /api/mySettings/feeds': r('deny', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'DELETE /api/mySettings/feeds/{scope}': everyone,
  'GET /api/notices': everyone,
  'PUT /api/notices/read': everyone,

  // Two-step sign-in (decision 029): one's own factors at every level; the sign-in step itself
  // only in a session waiting for it (every full session is refused); the reset by level 10 of
  // another officer's factors (never his own, never the super user's). A session waiting for its
  // second factor is refused every other route: tests/server/twoFactor.test.ts walks them all.
  'GET /api/twoFactor': everyone,
  'POST /api/twoFactor/totp/setup': everyone,
  'POST /api/twoFactor/totp/confirm': everyone,
  'DELETE /api/twoFactor/totp': everyone,
  'POST /api/twoFactor/verify': r('deny', 'deny', 'deny', 'deny', 'deny', 'deny'),
  'POST /api/twoFactor/recoveryCodes': everyone,
  'POST /api/officers/{officerId}/twoFactor/reset': r('deny', 'deny', 'deny', 'deny', 'others', 'others'),

  // Sign-ups
  'GET /api/signup/getMultiple': r('own', 'own', 'allow', 'allow', 'allow', 'allow'),
  /** Oneself at every level but 3; anybody at level 5+. */
  'POST /api/signup/insert': r('own', 'deny', 'allow', 'allow', 'allow', 'allow'),
  /** Only a supervisor removes an officer from a roster, himself included (spec §4). */
  'DELETE /api/signup/delete': r('deny', 'deny', 'allow', 'allow', 'allow', 'allow'),

  // Officers
  'GET /api/officer/getMultiple': notRestricted,
  'GET /api/officer/getSingle/{id}': r('own', 'own', 'own', 'own', 'allow', 'allow'),
  'POST /api/officer/insert': level10up,
  /** Below level 10: the contact fields of one's own record. */
  'PUT /api/officer/update': r('own', 'own', 'own', 'own', 'allow', 'allow'),
  /** The roster administrator mails an officer a temporary password (the super user's only by himself). */
  'PUT /api/officer/resetPassword/{id}': level10up,
  /** Level 10 removes others; nobody removes himself (409, not 403). */
  'DELETE /api/officer/delete': level10up,

  // Time tickets: level 3 none; below 5 own; 5-8 read all, write own; 9+ all; flag level 10 only
  'GET /api/timeTickets/getSingle/{id}': r('own', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/timeTickets/getMultiple': r('own', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/timeTickets/getTotals': r('own', 'deny', 'allow', 'allow', 'allow', 'allow'),
  /** The chart of one officer's hours by month: the list's read rule. */
  'GET /api/timeTickets/getHoursByMonth': r('own', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/timeTickets/getDuplicateTickets': r('own', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'POST /api/timeTickets/insert': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  'PUT /api/timeTickets/update': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  'DELETE /api/timeTickets/delete': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  /** Auditors only: level 10 exactly (level 9 may not, although it may change any ticket). */
  'PUT /api/timeTickets/flagTicket/{id}': r('deny', 'deny', 'deny', 'deny', 'allow', 'allow'),
  /** The auditors' queue: the same right as the flag. */
  'GET /api/timeTickets/getQueue': r('deny', 'deny', 'deny', 'deny', 'allow', 'allow'),
  'GET /api/timeTickets/getQueueCount': r('deny', 'deny', 'deny', 'deny', 'allow', 'allow'),
  /** Nobody decides his own tickets: another auditor reviews them. */
  'PUT /api/timeTickets/review': r('deny', 'deny', 'deny', 'deny', 'others', 'others'),

  // Uploads (159s, LOSAP notices, Forms): no 159 board at level 3; another officer's sign-offs at 9+
  'GET /api/uploads/getMultiple': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  'GET /api/uploads/getSingle/{id}': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  'GET /api/uploads/download/{id}': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  'GET /api/countUnread159s/{officerId}': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  /** Signing off is one's own act at every level, administrators and the super user included. */
  'PUT /api/uploads/markCheckedAsRead': r('own', 'deny', 'own', 'own', 'own', 'own'),
  'GET /api/uploads/downloadReport': level9up,
  'POST /api/uploads/insert': level9up,
  'PUT /api/uploads/update': level9up,
  'DELETE /api/uploads/delete': level9up,

  // News
  'GET /api/news/getMultiple': notRestricted,
  'GET /api/news/getSingle/{id}': notRestricted,
  'POST /api/news/insert': level9up,
  'PUT /api/news/update': level9up,
  'DELETE /api/news/delete': level9up,
  /**
   * The landing page's latest unread item and its 'Mark as read': always the caller's own read
   * state (the address names no officer), so every reader may, and nobody marks for another.
   */
  'GET /api/news/getLatestUnread': notRestricted,
  'PUT /api/news/markRead/{id}': notRestricted,

  // Reports
  'GET /api/statistics/getStatistics': r('deny', 'deny', 'allow', 'allow', 'allow', 'allow'),

  // Audit log (Administrative Functions > Audit Log)
  'GET /api/auditLog/getMultiple': level10up,

  // LOSAP: the year's rules read by every level but 3, stored by level 10; progress as ticket reading
  'GET /api/losap/rules': notRestricted,
  'PUT /api/losap/rules': level10up,
  'GET /api/losap/progress': r('own', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/losap/progressReport': r('deny', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/losap/exportProgressReport': r('deny', 'deny', 'allow', 'allow', 'allow', 'allow'),
  /** The year-end statement PDF: one's own; anyone's at level 9+ (the chief's review). */
  'GET /api/losap/statement': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  /** Every active officer's statements as one ZIP: level 9+. */
  'GET /api/losap/statements': level9up,
  // The LOSAP year end (decision 024): the chief's review at level 9+, a reopening at level 10,
  // each officer's own attestation at every level but 3 (another's read at level 9+)
  'GET /api/losap/yearEnd': level9up,
  'POST /api/losap/yearEnd/open': level9up,
  'POST /api/losap/yearEnd/certify': level9up,
  'POST /api/losap/yearEnd/reopen': level10up,
  'GET /api/losap/review': level9up,
  'GET /api/losap/attestation': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  'POST /api/losap/attest': notRestricted,
  'POST /api/losap/dispute': notRestricted,
  'POST /api/losap/resolve': level9up,
  'GET /api/losap/exportSponsorFile': level9up,
  // Exports written by the server: each exactly as the list it writes
  'GET /api/timeTickets/export': r('own', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/events/export': r('own', 'own', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/signup/export': r('own', 'own', 'allow', 'allow', 'allow', 'allow'),
  'GET /api/uploads/export': r('own', 'deny', 'own', 'allow', 'allow', 'allow'),
  'GET /api/uploads/exportReport': level9up,
  'GET /api/officer/export': notRestricted,
  'GET /api/statistics/export': r('deny', 'deny', 'allow', 'allow', 'allow', 'allow'),
  'POST /api/events/exportNonCompliantOfficers': level9up,
  'GET /api/auditLog/export': level10up,

  // Import (Administrative Functions > Import): the roster administrator's, level 10
  'POST /api/import/{kind}/inspect': level10up,
  'POST /api/import/{kind}/dryRun': level10up,
  'POST /api/import/{kind}/run': level10up,
  'POST /api/import/{kind}/errors': level10up,
  'GET /api/import/{kind}/template': level10up,
  'GET /api/import/{kind}/mappings': level10up,
  'PUT /api/import/{kind}/mappings/{name}': level10up,
  'DELETE /api/import/{kind}/mappings/{name}': level10up,
  'GET /api/import/jobs': level10up,
  'GET /api/import/jobs/{id}': level10up,
  'GET /api/import/jobs/{id}/errors': level10up,

  // Passkeys of two-step sign-in (decision 029): each officer his own; no call names an officer
  'POST /api/passkeys/registration/options': everyone,
  'POST /api/passkeys/registration': everyone,
  'GET /api/passkeys': everyone,
  /** Another officer's passkey answers 404 (passkeyNotFound), as if it did not exist; it stays. */
  'DELETE /api/passkeys/{id}': everyone,
  /** The passwordless sign-in: the passkey is the credential. */
  'POST /api/passkeys/authentication/options': 'public',
  'POST /api/passkeys/authentication': 'public',
};

/**
 * The incomplete-profile column (spec §5 profile completeness, §6): an officer whose profile is
 * incomplete is signed in, but until the profile is complete he may only fill in his own officer
 * form: the lookups its selects load (states, precincts, ranks, access levels), his own record,
 * and the save of its contact fields. The session itself keeps working: the session check, sign
 * out, his own role and his own password change. Exercised at level 1 and at level 10 (his level
 * opens nothing more). Cells as above; every route not listed here answers him 403, except the
 * 'public' rows, which answer everyone.
 */
export const INCOMPLETE_PROFILE: Record<string, Cell> = {
  'GET /api/session': 'allow',
  'POST /api/logout': 'allow',
  'GET /api/getRoleByUsername/{login}': 'own',
  'PUT /api/password/update': 'own',
  'GET /api/getStateTable': 'allow',
  'GET /api/getPrecinctTable': 'allow',
  'GET /api/getLookupTable': 'allow',
  'GET /api/officer/getSingle/{id}': 'own',
  'PUT /api/officer/update': 'own',
};

/**
 * The super user's own account, as another level-10 officer and as the super user himself see it:
 * only he changes his login and e-mail addresses or has his password reset, and nobody sets a
 * password by saving an officer record, his own included. Other fields of his record stay the
 * roster administrator's. Each row is one change to the super user's record.
 */
export const SUPER_USER_ACCOUNT: Record<string, Record<'L10' | 'SU', Cell>> = {
  'PUT /api/officer/update login': { L10: 'deny', SU: 'allow' },
  'PUT /api/officer/update homeEmail': { L10: 'deny', SU: 'allow' },
  'PUT /api/officer/update deptEmail': { L10: 'deny', SU: 'allow' },
  'PUT /api/officer/update password': { L10: 'deny', SU: 'deny' },
  'PUT /api/officer/update firstName': { L10: 'allow', SU: 'allow' },
  'PUT /api/officer/resetPassword/{id}': { L10: 'deny', SU: 'allow' },
};
