-- Audit log: outcome, the changed fields and the request id; the actor is a plain id
-- (no foreign key, so removing an officer neither rewrites nor is blocked by the append-only log).
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_officer_id_officer_officer_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("officer_id","at");