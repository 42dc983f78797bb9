CREATE TABLE "officer_totp" (
	"officer_id" integer PRIMARY KEY NOT NULL,
	"secret_enc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint
);
--> statement-breakpoint
CREATE TABLE "passkey" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[],
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkey_name_length" CHECK (char_length("passkey"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "recovery_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenge" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"purpose" text NOT NULL,
	"officer_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webauthn_challenge_purpose" CHECK ("webauthn_challenge"."purpose" in ('registration', 'authentication')),
	CONSTRAINT "webauthn_challenge_owner" CHECK ("webauthn_challenge"."purpose" = 'authentication' or "webauthn_challenge"."officer_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "second_factor" text;--> statement-breakpoint
ALTER TABLE "officer_totp" ADD CONSTRAINT "officer_totp_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey" ADD CONSTRAINT "passkey_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_code" ADD CONSTRAINT "recovery_code_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenge" ADD CONSTRAINT "webauthn_challenge_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_officer_idx" ON "passkey" USING btree ("officer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_code_officer_hash_idx" ON "recovery_code" USING btree ("officer_id","code_hash");--> statement-breakpoint
CREATE INDEX "webauthn_challenge_expires_idx" ON "webauthn_challenge" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_second_factor" CHECK ("session"."second_factor" is null or "session"."second_factor" in ('required', 'enrol'));--> statement-breakpoint
-- The session check keeps session rows while 'sessions' is unchanged: ending a session's two-step
-- stage must reach every process at once, or a finished step would still be refused (and a kept
-- full session could outlive a reset that revoked it, which revoked_at already covers).
CREATE TRIGGER "session_second_factor_data_version" AFTER UPDATE OF "second_factor" ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('sessions');
