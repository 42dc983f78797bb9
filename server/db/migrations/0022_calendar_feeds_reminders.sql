CREATE TABLE "calendar_feed" (
	"id" serial PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"scope" text NOT NULL,
	"precinct_id" integer,
	"event_type_id" integer,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_fetched_at" timestamp with time zone,
	CONSTRAINT "calendar_feed_scope" CHECK ("calendar_feed"."scope" in ('signups', 'details'))
);
--> statement-breakpoint
CREATE TABLE "reminder_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"officer_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"link" text NOT NULL,
	"email_to" text,
	"mail_status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "reminder_message_mail_status" CHECK ("reminder_message"."mail_status" in ('none', 'pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_out" (
	"officer_id" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "reminder_opt_out_officer_id_kind_pk" PRIMARY KEY("officer_id","kind")
);
--> statement-breakpoint
CREATE TABLE "reminder_run" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"messages" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_removal" (
	"event_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roster_removal_event_id_officer_id_pk" PRIMARY KEY("event_id","officer_id")
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_precinct_id_precinct_precinct_id_fk" FOREIGN KEY ("precinct_id") REFERENCES "public"."precinct"("precinct_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_event_type_id_event_type_event_type_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_type"("event_type_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_message" ADD CONSTRAINT "reminder_message_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_opt_out" ADD CONSTRAINT "reminder_opt_out_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_removal" ADD CONSTRAINT "roster_removal_event_id_event_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_removal" ADD CONSTRAINT "roster_removal_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_token_idx" ON "calendar_feed" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_officer_scope_idx" ON "calendar_feed" USING btree ("officer_id","scope");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_message_key_idx" ON "reminder_message" USING btree ("key");--> statement-breakpoint
CREATE INDEX "reminder_message_officer_idx" ON "reminder_message" USING btree ("officer_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_message_pending_idx" ON "reminder_message" USING btree ("next_attempt_at") WHERE "reminder_message"."mail_status" = 'pending';--> statement-breakpoint
CREATE INDEX "roster_removal_officer_idx" ON "roster_removal" USING btree ("officer_id","removed_at");--> statement-breakpoint
-- The iCalendar SEQUENCE of an event: raised by every change a calendar shows, whoever writes it.
CREATE FUNCTION "event_sequence_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.event_name, NEW.start_at, NEW.end_at, NEW.event_type_id, NEW.location_id, NEW.description)
     IS DISTINCT FROM (OLD.event_name, OLD.start_at, OLD.end_at, OLD.event_type_id, OLD.location_id, OLD.description) THEN
    NEW.sequence := OLD.sequence + 1;
  ELSE
    NEW.sequence := OLD.sequence;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_sequence" BEFORE UPDATE ON "event"
  FOR EACH ROW EXECUTE FUNCTION "event_sequence_bump"();
--> statement-breakpoint
-- A removal from a roster is remembered (the feed carries the event as CANCELLED for 30 days);
-- signing up again forgets it.
CREATE FUNCTION "roster_removal_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "roster_removal" ("event_id", "officer_id", "removed_at") VALUES (OLD.event_id, OLD.officer_id, now())
      ON CONFLICT ("event_id", "officer_id") DO UPDATE SET "removed_at" = excluded."removed_at";
    RETURN OLD;
  END IF;
  DELETE FROM "roster_removal" WHERE "event_id" = NEW.event_id AND "officer_id" = NEW.officer_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_signup_roster_removal" AFTER INSERT OR DELETE ON "event_signup"
  FOR EACH ROW EXECUTE FUNCTION "roster_removal_track"();
