-- The LOSAP lock of time tickets (0020: a certified year's tickets cannot be logged, changed or
-- removed) checks each statement's rows once instead of each row. The row trigger ran a PL/pgSQL
-- call and a locking read of losap_year_state for every ticket: an import's 500-row INSERT made
-- 500 calls locking the same few year rows again and again (3-3.5 ms of a 50-65 ms INSERT on the
-- 1,000-officer, 10-year seed, with no year under review; more with years stored). These
-- statement triggers read the rows the statement wrote (transition tables), take each year row
-- they fall into FOR SHARE once, in year order, and refuse with RCY01 as before; the refused
-- statement is undone whole, as with the row trigger. Waiting stays the same: a certification
-- (FOR UPDATE of the year row) waits for a write already made to commit, and a write after the
-- certification waits for it and then reads the year certified. The names sort before the
-- version triggers' (hours_worked_dv_*, hw_*), so the year row is still taken before the version
-- rows, in the order the row trigger took them. Events and rosters keep the row trigger (their
-- writes are one row a statement).
CREATE FUNCTION "losap_year_lock_tickets"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts timestamptz[];
  year_state text;
BEGIN
  -- the 10-41s the statement touched: a transition table exists only where its trigger names it
  -- (no old rows for an INSERT, no new rows for a DELETE), so each operation reads its own
  IF TG_OP = 'INSERT' THEN
    starts := ARRAY(SELECT start_at FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    starts := ARRAY(SELECT start_at FROM old_rows UNION SELECT start_at FROM new_rows);
  ELSE
    starts := ARRAY(SELECT start_at FROM old_rows);
  END IF;
  -- a loop, not EXISTS: the planner would push state = 'certified' into the locking query and
  -- lock nothing while the year is under review (as in losap_year_lock)
  FOR year_state IN SELECT y.state FROM "losap_year_state" y
      WHERE EXISTS (SELECT 1 FROM unnest(starts) s(start_at) WHERE s.start_at >= y.starts_at AND s.start_at < y.ends_at)
      ORDER BY y.year FOR SHARE OF y LOOP
    IF year_state = 'certified' THEN
      RAISE EXCEPTION 'This LOSAP year has been certified and can no longer be changed (% of %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'RCY01';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "hours_worked_losap_lock" ON "hours_worked";
--> statement-breakpoint
CREATE TRIGGER "hours_worked_certified_year_insert" AFTER INSERT ON "hours_worked"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "losap_year_lock_tickets"();
--> statement-breakpoint
CREATE TRIGGER "hours_worked_certified_year_update" AFTER UPDATE ON "hours_worked"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "losap_year_lock_tickets"();
--> statement-breakpoint
CREATE TRIGGER "hours_worked_certified_year_delete" AFTER DELETE ON "hours_worked"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "losap_year_lock_tickets"();
