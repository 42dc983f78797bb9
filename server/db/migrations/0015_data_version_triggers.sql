-- Versions of what kept answers show (server/answers). Each statement that inserts, changes or
-- removes rows of a scope's tables adds one to the scope's version inside its own transaction, so
-- the new version becomes visible exactly when the rows do, to every app process and to psql
-- alike; an answer kept under a version is reused only while that version is unchanged.
-- Login attempts, e-mail confirmations, the audit log and news are in no scope. Of the officer
-- table every column counts but the sign-in bookkeeping (password hashes, last_login_date,
-- password_changed_date). Of the session table a sign-in (insert), a revocation or removal counts
-- to 'sessions', never the 30-second touch of last_seen_at; no report reads 'sessions'.
-- The bump first locks the version rows of the scopes before its own, in scope order: a
-- transaction writing two scopes always takes their rows in the same order, so two such
-- transactions wait for each other instead of deadlocking.
INSERT INTO "data_version" ("scope", "version") VALUES ('events', 0), ('lookups', 0), ('officers', 0), ('sessions', 0), ('tickets', 0), ('uploads', 0);
--> statement-breakpoint
CREATE FUNCTION "data_version_bump_scope"("name" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "data_version" WHERE "scope" < "name" ORDER BY "scope" FOR NO KEY UPDATE;
  UPDATE "data_version" SET "version" = "version" + 1 WHERE "scope" = "name";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "data_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "data_version_bump_scope"(TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The same, only when the statement touched a row (an insert of nothing, as a refused sign-up's
-- conditional insert, or an update matching no row changes nothing anyone sees).
CREATE FUNCTION "data_version_bump_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM "data_version_bump_scope"(TG_ARGV[0]); END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM "data_version_bump_scope"(TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A time ticket of an event is part of what the events scope shows (an event's hasChildren, who
-- attended it for training compliance); a patrol ticket is not, so most ticket writes keep the
-- event lists. Transition tables tell which rows the statement touched.
CREATE FUNCTION "data_version_bump_event_tickets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE "event_id" IS NOT NULL) THEN PERFORM "data_version_bump_scope"('events'); END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE "event_id" IS NOT NULL) OR EXISTS (SELECT 1 FROM old_rows WHERE "event_id" IS NOT NULL) THEN
      PERFORM "data_version_bump_scope"('events');
    END IF;
  ELSE
    IF EXISTS (SELECT 1 FROM old_rows WHERE "event_id" IS NOT NULL) THEN PERFORM "data_version_bump_scope"('events'); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hw_event_data_version_insert" AFTER INSERT ON "hours_worked"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_event_tickets"();
--> statement-breakpoint
CREATE TRIGGER "hw_event_data_version_update" AFTER UPDATE ON "hours_worked"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_event_tickets"();
--> statement-breakpoint
CREATE TRIGGER "hw_event_data_version_delete" AFTER DELETE ON "hours_worked"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_event_tickets"();
--> statement-breakpoint
CREATE TRIGGER "hw_event_data_version_truncate" AFTER TRUNCATE ON "hours_worked"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('events');
--> statement-breakpoint
CREATE TRIGGER "hours_worked_dv_insert" AFTER INSERT ON "hours_worked"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('tickets');
--> statement-breakpoint
CREATE TRIGGER "hours_worked_dv_update" AFTER UPDATE ON "hours_worked"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('tickets');
--> statement-breakpoint
CREATE TRIGGER "hours_worked_dv_delete" AFTER DELETE ON "hours_worked"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('tickets');
--> statement-breakpoint
CREATE TRIGGER "hours_worked_dv_truncate" AFTER TRUNCATE ON "hours_worked"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('tickets');
--> statement-breakpoint
CREATE TRIGGER "event_dv_insert" AFTER INSERT ON "event"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('events');
--> statement-breakpoint
CREATE TRIGGER "event_dv_update" AFTER UPDATE ON "event"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('events');
--> statement-breakpoint
CREATE TRIGGER "event_dv_delete" AFTER DELETE ON "event"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('events');
--> statement-breakpoint
CREATE TRIGGER "event_dv_truncate" AFTER TRUNCATE ON "event"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('events');
--> statement-breakpoint
CREATE TRIGGER "event_signup_dv_insert" AFTER INSERT ON "event_signup"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('events');
--> statement-breakpoint
CREATE TRIGGER "event_signup_dv_update" AFTER UPDATE ON "event_signup"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('events');
--> statement-breakpoint
CREATE TRIGGER "event_signup_dv_delete" AFTER DELETE ON "event_signup"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('events');
--> statement-breakpoint
CREATE TRIGGER "event_signup_dv_truncate" AFTER TRUNCATE ON "event_signup"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('events');
--> statement-breakpoint
CREATE TRIGGER "upload_dv_insert" AFTER INSERT ON "upload"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('uploads');
--> statement-breakpoint
CREATE TRIGGER "upload_dv_update" AFTER UPDATE ON "upload"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('uploads');
--> statement-breakpoint
CREATE TRIGGER "upload_dv_delete" AFTER DELETE ON "upload"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('uploads');
--> statement-breakpoint
CREATE TRIGGER "upload_dv_truncate" AFTER TRUNCATE ON "upload"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('uploads');
--> statement-breakpoint
CREATE TRIGGER "upload_signoff_dv_insert" AFTER INSERT ON "upload_signoff"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('uploads');
--> statement-breakpoint
CREATE TRIGGER "upload_signoff_dv_update" AFTER UPDATE ON "upload_signoff"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('uploads');
--> statement-breakpoint
CREATE TRIGGER "upload_signoff_dv_delete" AFTER DELETE ON "upload_signoff"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('uploads');
--> statement-breakpoint
CREATE TRIGGER "upload_signoff_dv_truncate" AFTER TRUNCATE ON "upload_signoff"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('uploads');
--> statement-breakpoint
CREATE TRIGGER "state_dv_insert" AFTER INSERT ON "state"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "state_dv_update" AFTER UPDATE ON "state"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "state_dv_delete" AFTER DELETE ON "state"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "state_dv_truncate" AFTER TRUNCATE ON "state"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('lookups');
--> statement-breakpoint
CREATE TRIGGER "precinct_dv_insert" AFTER INSERT ON "precinct"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "precinct_dv_update" AFTER UPDATE ON "precinct"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "precinct_dv_delete" AFTER DELETE ON "precinct"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "precinct_dv_truncate" AFTER TRUNCATE ON "precinct"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('lookups');
--> statement-breakpoint
CREATE TRIGGER "access_type_dv_insert" AFTER INSERT ON "access_type"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "access_type_dv_update" AFTER UPDATE ON "access_type"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "access_type_dv_delete" AFTER DELETE ON "access_type"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "access_type_dv_truncate" AFTER TRUNCATE ON "access_type"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('lookups');
--> statement-breakpoint
CREATE TRIGGER "rank_dv_insert" AFTER INSERT ON "rank"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "rank_dv_update" AFTER UPDATE ON "rank"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "rank_dv_delete" AFTER DELETE ON "rank"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "rank_dv_truncate" AFTER TRUNCATE ON "rank"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('lookups');
--> statement-breakpoint
CREATE TRIGGER "event_type_dv_insert" AFTER INSERT ON "event_type"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "event_type_dv_update" AFTER UPDATE ON "event_type"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "event_type_dv_delete" AFTER DELETE ON "event_type"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "event_type_dv_truncate" AFTER TRUNCATE ON "event_type"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('lookups');
--> statement-breakpoint
CREATE TRIGGER "assignment_type_dv_insert" AFTER INSERT ON "assignment_type"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "assignment_type_dv_update" AFTER UPDATE ON "assignment_type"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "assignment_type_dv_delete" AFTER DELETE ON "assignment_type"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "assignment_type_dv_truncate" AFTER TRUNCATE ON "assignment_type"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('lookups');
--> statement-breakpoint
CREATE TRIGGER "upload_type_dv_insert" AFTER INSERT ON "upload_type"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "upload_type_dv_update" AFTER UPDATE ON "upload_type"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "upload_type_dv_delete" AFTER DELETE ON "upload_type"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "upload_type_dv_truncate" AFTER TRUNCATE ON "upload_type"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('lookups');
--> statement-breakpoint
CREATE TRIGGER "location_dv_insert" AFTER INSERT ON "location"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "location_dv_update" AFTER UPDATE ON "location"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "location_dv_delete" AFTER DELETE ON "location"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump_rows"('lookups');
--> statement-breakpoint
CREATE TRIGGER "location_dv_truncate" AFTER TRUNCATE ON "location"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('lookups');
--> statement-breakpoint
CREATE TRIGGER "officer_data_version" AFTER INSERT OR UPDATE OF "officer_id", "badge_number", "handcuff_number", "login", "precinct_id", "appointment_date", "separation_date", "first_name", "middle", "last_name", "rank_id", "home_street_addr1", "home_city", "home_state_id", "home_zip", "home_phone", "mobile", "home_email", "dept_email", "home_email_confirmed", "dept_email_confirmed", "access_type_id", "password_expire_interval", "soundex", "updated_by" OR DELETE OR TRUNCATE ON "officer"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('officers');
--> statement-breakpoint
CREATE TRIGGER "session_data_version" AFTER INSERT OR UPDATE OF "session_id", "officer_id", "created_at", "expires_at", "revoked_at", "password_change_only" OR DELETE OR TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('sessions');
