CREATE TABLE "news_read" (
	"officer_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_read_officer_id_news_id_pk" PRIMARY KEY("officer_id","news_id")
);
--> statement-breakpoint
-- Tickets that exist when review states arrive count as reviewed: accepted, or flagged when they
-- carry the spec's flag. Only tickets logged from now on wait in the auditors' queue.
ALTER TABLE "hours_worked" ADD COLUMN "review_state" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
UPDATE "hours_worked" SET "review_state" = 'flagged' WHERE "flagged_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "hours_worked" ALTER COLUMN "review_state" SET DEFAULT 'unreviewed';--> statement-breakpoint
ALTER TABLE "hours_worked" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD COLUMN "attention" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "news_read" ADD CONSTRAINT "news_read_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_read" ADD CONSTRAINT "news_read_news_id_news_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("news_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hours_worked_reviewed_by_officer_officer_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."officer"("officer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hw_review_queue_idx" ON "hours_worked" USING btree ("start_at","hours_worked_id") WHERE "hours_worked"."review_state" in ('unreviewed', 'corrected');--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hw_review_state" CHECK ("hours_worked"."review_state" in ('unreviewed', 'accepted', 'flagged', 'corrected'));--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hw_review_matches_flag" CHECK (("hours_worked"."review_state" in ('flagged', 'corrected')) = ("hours_worked"."flagged_by" is not null));