CREATE TABLE "losap_attestation" (
	"year" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"state" text NOT NULL,
	"figures_key" text,
	"attested_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"comment" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	CONSTRAINT "losap_attestation_year_officer_id_pk" PRIMARY KEY("year","officer_id"),
	CONSTRAINT "losap_attestation_state" CHECK ("losap_attestation"."state" in ('attested', 'disputed', 'resolved')),
	CONSTRAINT "losap_attestation_attested" CHECK ("losap_attestation"."state" <> 'attested' or ("losap_attestation"."figures_key" is not null and "losap_attestation"."attested_at" is not null)),
	CONSTRAINT "losap_attestation_disputed" CHECK ("losap_attestation"."state" = 'attested' or ("losap_attestation"."disputed_at" is not null and char_length(btrim("losap_attestation"."comment")) between 1 and 1000)),
	CONSTRAINT "losap_attestation_resolved" CHECK ("losap_attestation"."state" <> 'resolved' or ("losap_attestation"."resolved_at" is not null and "losap_attestation"."resolved_by" is not null and char_length(btrim("losap_attestation"."resolution")) between 1 and 1000))
);
--> statement-breakpoint
CREATE TABLE "losap_year_state" (
	"year" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"review_opened_at" timestamp with time zone NOT NULL,
	"review_opened_by" integer,
	"certified_at" timestamp with time zone,
	"certified_by" integer,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer,
	"reopen_reason" text,
	CONSTRAINT "losap_year_state_range" CHECK ("losap_year_state"."year" between 2000 and 2100),
	CONSTRAINT "losap_year_state_kind" CHECK ("losap_year_state"."state" in ('review', 'certified')),
	CONSTRAINT "losap_year_state_span" CHECK ("losap_year_state"."ends_at" > "losap_year_state"."starts_at"),
	CONSTRAINT "losap_year_state_certified" CHECK ("losap_year_state"."state" <> 'certified' or ("losap_year_state"."certified_at" is not null and "losap_year_state"."certified_by" is not null)),
	CONSTRAINT "losap_year_state_reopened" CHECK (("losap_year_state"."reopened_at" is null) = ("losap_year_state"."reopen_reason" is null) and ("losap_year_state"."reopen_reason" is null or char_length(btrim("losap_year_state"."reopen_reason")) between 1 and 1000))
);
--> statement-breakpoint
ALTER TABLE "losap_attestation" ADD CONSTRAINT "losap_attestation_year_losap_year_state_year_fk" FOREIGN KEY ("year") REFERENCES "public"."losap_year_state"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "losap_attestation" ADD CONSTRAINT "losap_attestation_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "losap_attestation" ADD CONSTRAINT "losap_attestation_resolved_by_officer_officer_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "losap_year_state" ADD CONSTRAINT "losap_year_state_review_opened_by_officer_officer_id_fk" FOREIGN KEY ("review_opened_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "losap_year_state" ADD CONSTRAINT "losap_year_state_certified_by_officer_officer_id_fk" FOREIGN KEY ("certified_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "losap_year_state" ADD CONSTRAINT "losap_year_state_reopened_by_officer_officer_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A certified LOSAP year is locked (decision 024): whoever writes, its time tickets (by the 10-41,
-- start_at, inside the year's span) cannot be logged, changed (flag and review columns included)
-- or removed; its events cannot be changed or removed (their incentive hours count); its rosters
-- cannot gain or lose an officer (a certified year is over, so every event of it has started).
-- The API refuses first with rc.losap.errors.frozen; these hold for any path it misses, with
-- SQLSTATE RCY01, which server/errorHandler.ts answers with the same 409. The span was computed
-- in ORG_TIMEZONE by the server when the review opened, so no time zone is needed here.
-- losap_certified_at: whether an instant lies in a certified year (the routes' checks read it).
CREATE FUNCTION "losap_certified_at"("at" timestamptz) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "losap_year_state" y WHERE y.state = 'certified' AND "at" >= y.starts_at AND "at" < y.ends_at)
$$;
--> statement-breakpoint
-- The trigger reads the state row of the year it writes into FOR SHARE: a certification (which
-- holds that row FOR UPDATE) waits for a write already made to commit, and counts it; a write
-- coming after the certification waits for it and then reads the year certified.
CREATE FUNCTION "losap_year_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_at timestamptz;
  new_at timestamptz;
BEGIN
  IF TG_TABLE_NAME = 'event_signup' THEN
    IF TG_OP <> 'INSERT' THEN SELECT e.start_at INTO old_at FROM "event" e WHERE e.event_id = OLD.event_id; END IF;
    IF TG_OP <> 'DELETE' THEN SELECT e.start_at INTO new_at FROM "event" e WHERE e.event_id = NEW.event_id; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN old_at := OLD.start_at; END IF;
    IF TG_OP <> 'DELETE' THEN new_at := NEW.start_at; END IF;
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT y.state FROM "losap_year_state" y
      WHERE (old_at >= y.starts_at AND old_at < y.ends_at) OR (new_at >= y.starts_at AND new_at < y.ends_at) FOR SHARE) s
      WHERE s.state = 'certified') THEN
    RAISE EXCEPTION 'This LOSAP year has been certified and can no longer be changed (% of %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'RCY01';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hours_worked_losap_lock" BEFORE INSERT OR UPDATE OR DELETE ON "hours_worked"
  FOR EACH ROW EXECUTE FUNCTION "losap_year_lock"();
--> statement-breakpoint
CREATE TRIGGER "event_losap_lock" BEFORE UPDATE OR DELETE ON "event"
  FOR EACH ROW EXECUTE FUNCTION "losap_year_lock"();
--> statement-breakpoint
CREATE TRIGGER "event_signup_losap_lock" BEFORE INSERT OR UPDATE OR DELETE ON "event_signup"
  FOR EACH ROW EXECUTE FUNCTION "losap_year_lock"();
