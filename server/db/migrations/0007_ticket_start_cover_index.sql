-- the summary by officer, the footer totals and the statistics read every officer's
-- tickets whose 10-41 falls in a date range and sum their hours and counts (the summary also takes
-- each officer's last 10-42, hence end_at). This index holds
-- those columns beside start_at, so the range is read from the index alone (an index-only scan,
-- no visit to the table's pages); it also serves every lookup the former hw_start_idx
-- (start_at alone) served. drizzle-kit cannot write INCLUDE, hence a custom migration.
CREATE INDEX "hw_start_cover_idx" ON "hours_worked" USING btree ("start_at")
  INCLUDE ("officer_id", "end_at", "event_id", "flagged_by", "hours_worked", "travel_hours", "parking_citations", "firs",
    "warnings", "arrests", "arrest_assists", "reports", "pedestrian_edu", "business_checks");
