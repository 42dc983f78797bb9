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
CREATE INDEX "losap_category_year_idx" ON "losap_category" USING btree ("year","position");