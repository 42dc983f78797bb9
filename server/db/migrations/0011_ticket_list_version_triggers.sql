-- Versions of what a ticket list shows (server/ticketListCache.ts). Every statement that
-- inserts, changes or removes time tickets records, in its own transaction, its transaction id as
-- the version of each officer whose tickets it touched; every change of a name or figure a ticket
-- row shows (officer, rank, assignment type, precinct, event name and incentive hours) records it
-- as the version of officer 0. A cached list is reused only while both versions are unchanged, so
-- a write by any process, or by hand in psql, is seen by the next request. Statement-level
-- triggers with transition tables: one upsert per statement, in officer order (no deadlock
-- between two statements touching the same officers).
CREATE FUNCTION "ticket_list_version_bump_officers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ticket_list_version" ("officer_id", "version")
      SELECT DISTINCT "officer_id", pg_current_xact_id()::text::bigint FROM new_rows ORDER BY 1
      ON CONFLICT ("officer_id") DO UPDATE SET "version" = excluded."version";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "ticket_list_version" ("officer_id", "version")
      SELECT "officer_id", pg_current_xact_id()::text::bigint
      FROM (SELECT "officer_id" FROM new_rows UNION SELECT "officer_id" FROM old_rows) AS touched ORDER BY 1
      ON CONFLICT ("officer_id") DO UPDATE SET "version" = excluded."version";
  ELSE
    INSERT INTO "ticket_list_version" ("officer_id", "version")
      SELECT DISTINCT "officer_id", pg_current_xact_id()::text::bigint FROM old_rows ORDER BY 1
      ON CONFLICT ("officer_id") DO UPDATE SET "version" = excluded."version";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ticket_list_version_bump_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ticket_list_version" ("officer_id", "version") VALUES (0, pg_current_xact_id()::text::bigint)
    ON CONFLICT ("officer_id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hw_list_version_insert" AFTER INSERT ON "hours_worked"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_officers"();
--> statement-breakpoint
CREATE TRIGGER "hw_list_version_update" AFTER UPDATE ON "hours_worked"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_officers"();
--> statement-breakpoint
CREATE TRIGGER "hw_list_version_delete" AFTER DELETE ON "hours_worked"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_officers"();
--> statement-breakpoint
CREATE TRIGGER "hw_list_version_truncate" AFTER TRUNCATE ON "hours_worked"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_names"();
--> statement-breakpoint
CREATE TRIGGER "officer_list_version" AFTER UPDATE OF "first_name", "last_name", "mobile", "separation_date", "rank_id", "access_type_id", "precinct_id" OR DELETE ON "officer"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_names"();
--> statement-breakpoint
CREATE TRIGGER "event_list_version" AFTER UPDATE OF "event_name", "incentive_hours" OR DELETE ON "event"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_names"();
--> statement-breakpoint
CREATE TRIGGER "rank_list_version" AFTER UPDATE OR DELETE ON "rank"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_names"();
--> statement-breakpoint
CREATE TRIGGER "assignment_type_list_version" AFTER UPDATE OR DELETE ON "assignment_type"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_names"();
--> statement-breakpoint
CREATE TRIGGER "precinct_list_version" AFTER UPDATE OR DELETE ON "precinct"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_list_version_bump_names"();
