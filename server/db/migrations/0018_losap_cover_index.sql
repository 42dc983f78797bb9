-- The LOSAP figures (server/db/repositories/losap.ts) read every officer's tickets of a year, like
-- the summary, the footer totals and the statistics, and also need each ticket's assignment type
-- (a point category is fed by assignment types). hw_start_cover_idx gains assignment_type_id, so
-- the year's range is still read from the index alone: on the 1,000-officer, 10-year seed
-- (PostgreSQL) the point-schedule report went from a parallel scan of the whole table
-- (about 130 ms) to an index-only scan (about 55 ms). Same name, same leading column, so every
-- plan that used it still does. drizzle-kit cannot write INCLUDE, hence a custom migration.
DROP INDEX IF EXISTS "hw_start_cover_idx";
--> statement-breakpoint
CREATE INDEX "hw_start_cover_idx" ON "hours_worked" USING btree ("start_at")
  INCLUDE ("officer_id", "end_at", "event_id", "flagged_by", "hours_worked", "travel_hours", "parking_citations", "firs",
    "warnings", "arrests", "arrest_assists", "reports", "pedestrian_edu", "business_checks", "assignment_type_id");
