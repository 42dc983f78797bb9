DROP INDEX "hw_start_idx";--> statement-breakpoint
CREATE INDEX "hw_event_idx" ON "hours_worked" USING btree ("event_id") WHERE "hours_worked"."event_id" is not null;