-- The session check shows the officer's last sign-in (a first sign-in must change its password
-- until it is recorded): recording one changes 'sessions', which the session check depends on
-- and no report does, so a sign-in leaves the kept reports standing. Its own migration (it was
-- first written into 0016 after that had shipped, so databases migrated before lack it): dropped
-- first where it exists, so every database ends with exactly one.
DROP TRIGGER IF EXISTS "officer_last_login_data_version" ON "officer";
--> statement-breakpoint
CREATE TRIGGER "officer_last_login_data_version" AFTER UPDATE OF "last_login_date" ON "officer"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('sessions');
