CREATE TABLE "losap_category" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"points" numeric(6, 2) NOT NULL,
	"per_hours" numeric(5, 2),
	"min_hours" numeric(5, 2) DEFAULT 0 NOT NULL,
	"cap" numeric(7, 2),
	"assignment_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"event_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "losap_category_unit" CHECK ("losap_category"."unit" in ('ticket', 'hours', 'event')),
	CONSTRAINT "losap_category_name" CHECK (char_length(btrim("losap_category"."name")) between 1 and 100),
	CONSTRAINT "losap_category_points_positive" CHECK ("losap_category"."points" > 0),
	CONSTRAINT "losap_category_per_hours" CHECK (("losap_category"."unit" = 'hours') = ("losap_category"."per_hours" is not null) and coalesce("losap_category"."per_hours", 1) > 0),
	CONSTRAINT "losap_category_min_hours" CHECK ("losap_category"."min_hours" >= 0),
	CONSTRAINT "losap_category_cap" CHECK ("losap_category"."cap" is null or "losap_category"."cap" >= 0),
	CONSTRAINT "losap_category_source" CHECK (cardinality("losap_category"."assignment_type_ids") + cardinality("losap_category"."event_type_ids") > 0)
);
--> statement-breakpoint
CREATE TABLE "losap_year_rules" (
	"year" integer PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"threshold" numeric(7, 2) NOT NULL,
	"frozen_at" timestamp with time zone,
	"updated_by" integer,
	"updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "losap_year_range" CHECK ("losap_year_rules"."year" between 2000 and 2100),
	CONSTRAINT "losap_rule_kind" CHECK ("losap_year_rules"."rule" in ('hours', 'points')),
	CONSTRAINT "losap_threshold_positive" CHECK ("losap_year_rules"."threshold" > 0)
);
--> statement-breakpoint
ALTER TABLE "losap_category" ADD CONSTRAINT "losap_category_year_losap_year_rules_year_fk" FOREIGN KEY ("year") REFERENCES "public"."losap_year_rules"("year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "losap_year_rules" ADD CONSTRAINT "losap_year_rules_updated_by_officer_officer_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "losap_category_year_idx" ON "losap_category" USING btree ("year","position");--> statement-breakpoint
-- A certified (frozen) LOSAP year keeps its rules: whoever writes, its row's rule and threshold
-- and its categories cannot change, and it cannot be removed, until the year is reopened
-- (frozen_at set back to null). The API refuses first with its own message; this holds for any
-- other writer. SQLSTATE 55000 (object not in prerequisite state).
CREATE FUNCTION "losap_year_unfrozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'losap_year_rules' THEN
    IF OLD.frozen_at IS NOT NULL AND (TG_OP = 'DELETE' OR (NEW.frozen_at IS NOT NULL AND (NEW.rule, NEW.threshold, NEW.year) IS DISTINCT FROM (OLD.rule, OLD.threshold, OLD.year))) THEN
      RAISE EXCEPTION 'LOSAP year % is certified: its rules cannot change', OLD.year USING ERRCODE = '55000';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM losap_year_rules r WHERE r.frozen_at IS NOT NULL AND r.year IN (
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.year END, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.year END)) THEN
    RAISE EXCEPTION 'LOSAP year is certified: its categories cannot change' USING ERRCODE = '55000';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "losap_year_rules_frozen" BEFORE UPDATE OR DELETE ON "losap_year_rules"
  FOR EACH ROW EXECUTE FUNCTION "losap_year_unfrozen"();
--> statement-breakpoint
CREATE TRIGGER "losap_category_frozen" BEFORE INSERT OR UPDATE OR DELETE ON "losap_category"
  FOR EACH ROW EXECUTE FUNCTION "losap_year_unfrozen"();
