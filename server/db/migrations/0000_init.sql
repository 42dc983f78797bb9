CREATE TABLE "access_type" (
	"access_type_id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_type" (
	"assignment_type_id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_type" (
	"event_type_id" integer PRIMARY KEY NOT NULL,
	"event_type_description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "precinct" (
	"precinct_id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"abbr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank" (
	"rank_id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "state" (
	"state_id" serial PRIMARY KEY NOT NULL,
	"state_abbr" text NOT NULL,
	"state_name" text NOT NULL,
	CONSTRAINT "state_stateAbbr_unique" UNIQUE("state_abbr")
);
--> statement-breakpoint
CREATE TABLE "upload_type" (
	"upload_type_id" integer PRIMARY KEY NOT NULL,
	"upload_type_description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"audit_log_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"officer_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" text
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"login" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "officer" (
	"officer_id" integer PRIMARY KEY NOT NULL,
	"badge_number" integer,
	"handcuff_number" integer,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"precinct_id" integer,
	"appointment_date" date,
	"separation_date" date,
	"first_name" text DEFAULT '' NOT NULL,
	"middle" text,
	"last_name" text DEFAULT '' NOT NULL,
	"rank_id" integer,
	"home_street_addr1" text,
	"home_city" text,
	"home_state_id" integer,
	"home_zip" text,
	"home_phone" text,
	"mobile" text,
	"home_email" text,
	"dept_email" text,
	"access_type_id" integer NOT NULL,
	"last_login_date" timestamp with time zone,
	"password_expire_interval" integer DEFAULT 0 NOT NULL,
	"password_changed_date" timestamp with time zone,
	"soundex" text,
	"temp_password_hash" text,
	"temp_password_expires" timestamp with time zone,
	"updated_by" integer,
	"updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "officer_id_positive" CHECK ("officer"."officer_id" > 0),
	CONSTRAINT "officer_badge_positive" CHECK ("officer"."badge_number" is null or "officer"."badge_number" > 0),
	CONSTRAINT "officer_handcuff_positive" CHECK ("officer"."handcuff_number" is null or "officer"."handcuff_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "session" (
	"session_id" text PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"password_change_only" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"event_name" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"event_type_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"max_officers" integer NOT NULL,
	"incentive_hours" numeric(5, 2) DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"updated_by" integer,
	"updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_end_after_start" CHECK ("event"."end_at" > "event"."start_at"),
	CONSTRAINT "event_max_24h" CHECK ("event"."end_at" - "event"."start_at" <= interval '24 hours'),
	CONSTRAINT "event_max_officers_positive" CHECK ("event"."max_officers" > 0),
	CONSTRAINT "event_incentive_nonnegative" CHECK ("event"."incentive_hours" >= 0),
	CONSTRAINT "event_description_length" CHECK (char_length("event"."description") <= 535)
);
--> statement-breakpoint
CREATE TABLE "event_signup" (
	"event_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"entered_by" integer,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_signup_event_id_officer_id_pk" PRIMARY KEY("event_id","officer_id")
);
--> statement-breakpoint
CREATE TABLE "location" (
	"location_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state_id" integer NOT NULL,
	"zip" text NOT NULL,
	"phone1" text,
	"email1" text,
	"web_address" text,
	"precinct_id" integer NOT NULL,
	"updated_by" integer,
	"updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hours_worked" (
	"hours_worked_id" serial PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"assignment_type_id" integer NOT NULL,
	"precinct_id" integer NOT NULL,
	"event_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"hours_worked" numeric(6, 2) NOT NULL,
	"travel_hours" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"parking_citations" integer DEFAULT 0 NOT NULL,
	"firs" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"arrests" integer DEFAULT 0 NOT NULL,
	"arrest_assists" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"pedestrian_edu" integer DEFAULT 0 NOT NULL,
	"business_checks" integer DEFAULT 0 NOT NULL,
	"flagged_by" integer,
	"audit_comments" text DEFAULT '' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"entered_by" integer,
	"updated_by" integer,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hw_end_after_start" CHECK ("hours_worked"."end_at" > "hours_worked"."start_at"),
	CONSTRAINT "hw_travel_0_1" CHECK ("hours_worked"."travel_hours" in (0, 1)),
	CONSTRAINT "hw_counts_nonnegative" CHECK (least("hours_worked"."parking_citations", "hours_worked"."firs", "hours_worked"."warnings", "hours_worked"."arrests", "hours_worked"."arrest_assists", "hours_worked"."reports", "hours_worked"."pedestrian_edu", "hours_worked"."business_checks") >= 0),
	CONSTRAINT "hw_description_length" CHECK (char_length("hours_worked"."description") <= 5000),
	CONSTRAINT "hw_audit_comments_length" CHECK (char_length("hours_worked"."audit_comments") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "news" (
	"news_id" serial PRIMARY KEY NOT NULL,
	"date_entered" date NOT NULL,
	"short_desc" text NOT NULL,
	"news_text" text NOT NULL,
	"entered_by" integer,
	"updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_text_length" CHECK (char_length("news"."news_text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"upload_id" serial PRIMARY KEY NOT NULL,
	"upload_type_id" integer NOT NULL,
	"date_entered" date NOT NULL,
	"description" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"file" "bytea" NOT NULL,
	"entered_by" integer,
	"updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_description_length" CHECK (char_length("upload"."description") <= 535)
);
--> statement-breakpoint
CREATE TABLE "upload_signoff" (
	"upload_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"signoff_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_signoff_upload_id_officer_id_pk" PRIMARY KEY("upload_id","officer_id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer" ADD CONSTRAINT "officer_precinct_id_precinct_precinct_id_fk" FOREIGN KEY ("precinct_id") REFERENCES "public"."precinct"("precinct_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer" ADD CONSTRAINT "officer_rank_id_rank_rank_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."rank"("rank_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer" ADD CONSTRAINT "officer_home_state_id_state_state_id_fk" FOREIGN KEY ("home_state_id") REFERENCES "public"."state"("state_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer" ADD CONSTRAINT "officer_access_type_id_access_type_access_type_id_fk" FOREIGN KEY ("access_type_id") REFERENCES "public"."access_type"("access_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officer" ADD CONSTRAINT "officer_updated_by_officer_officer_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_event_type_id_event_type_event_type_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_type"("event_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_location_id_location_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("location_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_updated_by_officer_officer_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signup" ADD CONSTRAINT "event_signup_event_id_event_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signup" ADD CONSTRAINT "event_signup_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signup" ADD CONSTRAINT "event_signup_entered_by_officer_officer_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_state_id_state_state_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."state"("state_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_precinct_id_precinct_precinct_id_fk" FOREIGN KEY ("precinct_id") REFERENCES "public"."precinct"("precinct_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_updated_by_officer_officer_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_assignment_type_id_assignment_type_assignment_type_id_fk" FOREIGN KEY ("assignment_type_id") REFERENCES "public"."assignment_type"("assignment_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_precinct_id_precinct_precinct_id_fk" FOREIGN KEY ("precinct_id") REFERENCES "public"."precinct"("precinct_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_event_id_event_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_flagged_by_officer_officer_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_entered_by_officer_officer_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_updated_by_officer_officer_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_entered_by_officer_officer_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_upload_type_id_upload_type_upload_type_id_fk" FOREIGN KEY ("upload_type_id") REFERENCES "public"."upload_type"("upload_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_entered_by_officer_officer_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_signoff" ADD CONSTRAINT "upload_signoff_upload_id_upload_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload"("upload_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_signoff" ADD CONSTRAINT "upload_signoff_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "officer_login_lower_uq" ON "officer" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "event_start_idx" ON "event" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "event_type_start_idx" ON "event" USING btree ("event_type_id","start_at");--> statement-breakpoint
CREATE INDEX "event_signup_officer_idx" ON "event_signup" USING btree ("officer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hw_one_ticket_per_event" ON "hours_worked" USING btree ("officer_id","event_id") WHERE "hours_worked"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "hw_officer_start_idx" ON "hours_worked" USING btree ("officer_id","start_at");--> statement-breakpoint
CREATE INDEX "hw_start_idx" ON "hours_worked" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "upload_type_date_idx" ON "upload" USING btree ("upload_type_id","date_entered");--> statement-breakpoint
CREATE INDEX "upload_signoff_officer_idx" ON "upload_signoff" USING btree ("officer_id");