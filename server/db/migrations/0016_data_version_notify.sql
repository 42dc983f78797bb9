-- On the embedded database the app keeps the versions it read in memory, and drops them when a
-- writing transaction that changed a version commits: a notification on channel 'data_version'
-- (delivered at commit, and only if the transaction commits). Only a session that asked for it
-- with SET rollcall.notify_versions = 'on' (the embedded database's one connection) notifies; on
-- PostgreSQL, where several processes write and every request reads the versions, no session
-- sets it, so commits never queue behind the notification lock.
CREATE FUNCTION "data_version_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rollcall.notify_versions', true) = 'on' THEN
    PERFORM pg_notify('data_version', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "data_version_notify" AFTER INSERT OR UPDATE OR DELETE ON "data_version"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_notify"();
--> statement-breakpoint
CREATE TRIGGER "ticket_list_version_notify" AFTER INSERT OR UPDATE OR DELETE ON "ticket_list_version"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_notify"();
