CREATE TABLE "email_confirmation" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"field" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_confirmation_field" CHECK ("email_confirmation"."field" in ('homeEmail', 'deptEmail'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_login" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "officer" ADD COLUMN "home_email_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "officer" ADD COLUMN "dept_email_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_confirmation" ADD CONSTRAINT "email_confirmation_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmation_officer_idx" ON "email_confirmation" USING btree ("officer_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_repeat_count_positive" CHECK ("audit_log"."repeat_count" >= 1);--> statement-breakpoint
-- Entries written before the actor's name and login were kept with them take the officer's
-- present name and login: the best record there is. The append-only trigger is set aside for
-- this one statement of the migration only.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
UPDATE "audit_log" AS a SET "actor_name" = o."last_name" || ', ' || o."first_name", "actor_login" = o."login"
  FROM "officer" AS o WHERE o."officer_id" = a."officer_id";--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";
