ALTER TABLE "hours_worked" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD COLUMN "idempotency_body_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "hw_idempotency_key_idx" ON "hours_worked" USING btree ("entered_by","idempotency_key") WHERE "hours_worked"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hw_idempotency_complete" CHECK (("hours_worked"."idempotency_key" is null) = ("hours_worked"."idempotency_body_hash" is null) and ("hours_worked"."idempotency_key" is null or "hours_worked"."entered_by" is not null));--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hw_idempotency_key_format" CHECK ("hours_worked"."idempotency_key" ~ '^[A-Za-z0-9_-]{16,64}$');--> statement-breakpoint
ALTER TABLE "hours_worked" ADD CONSTRAINT "hw_idempotency_body_hash_format" CHECK ("hours_worked"."idempotency_body_hash" ~ '^[0-9a-f]{64}$');