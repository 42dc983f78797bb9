-- One officer cannot hold two time tickets whose 10-41..10-42 ranges overlap (spec §5
-- 'You already have existing tickets within this time frame!'). Backs the duplicate check so
-- that two racing inserts cannot both land. int4range on the officer id gives GiST an
-- equality operator without needing the btree_gist extension.
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_no_overlap"
  EXCLUDE USING gist (
    int4range("officer_id", "officer_id", '[]') WITH &&,
    tstzrange("start_at", "end_at", '[)') WITH &&
  );
