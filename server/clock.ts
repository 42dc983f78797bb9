/**
 * The server's clock: the one `now()` behind `app.ctx.now` (server/app.ts), which every business
 * decision reads (today, edit windows, locked years, sign-up closing, sessions and tokens, the
 * calendar and its feeds, reminders, audit entries). API tests pass their own settable clock to
 * buildApp (`TestClock` in tests/server/helpers.ts); a test server process started with
 * TEST_CLOCK_START (server/config.ts, refused unless NODE_ENV=test) runs on `clockFrom`.
 *
 * Left on real time on purpose, since they measure durations or talk to the operating system
 * rather than decide anything by date: the data-dir lock's age (a file's mtime), rate-limit
 * windows, the reminder scheduler's timer (each tick then reads ctx.now), timings in logs and
 * the mail outbox's file names.
 */

/** Real time: the production clock. */
export const systemClock = (): Date => new Date();

/**
 * A clock that reads `start` at the moment it is made and then advances at the real rate (an
 * offset from `real`, ms since the epoch), so sessions, token lifetimes and timeouts behave as
 * they would on the real date; a frozen clock would end no session and let no code expire.
 */
export function clockFrom(start: Date, real: () => number = Date.now): () => Date {
  const offsetMs = start.getTime() - real();
  return () => new Date(real() + offsetMs);
}

/** The clock a server built from `config` runs on: from TEST_CLOCK_START when set, else real time. */
export function configuredClock(config: { TEST_CLOCK_START?: Date }): () => Date {
  return config.TEST_CLOCK_START ? clockFrom(config.TEST_CLOCK_START) : systemClock;
}
