CREATE TABLE "import_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"count_new" integer DEFAULT 0 NOT NULL,
	"count_unchanged" integer DEFAULT 0 NOT NULL,
	"count_changed" integer DEFAULT 0 NOT NULL,
	"count_refused" integer DEFAULT 0 NOT NULL,
	"bytes_read" integer DEFAULT 0 NOT NULL,
	"bytes_total" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error" text,
	"error_file" "bytea",
	"started_by" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"owner" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_job_status" CHECK ("import_job"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_mapping" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	CONSTRAINT "import_mapping_kind_name_pk" PRIMARY KEY("kind","name")
);
--> statement-breakpoint
CREATE TABLE "password_setup" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"officer_id" integer NOT NULL,
	"field" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_setup_field" CHECK ("password_setup"."field" in ('homeEmail', 'deptEmail'))
);
--> statement-breakpoint
ALTER TABLE "import_mapping" ADD CONSTRAINT "import_mapping_updated_by_officer_officer_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."officer"("officer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_setup" ADD CONSTRAINT "password_setup_officer_id_officer_officer_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officer"("officer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_job_one_running" ON "import_job" USING btree ("status") WHERE "import_job"."status" = 'running';--> statement-breakpoint
CREATE INDEX "import_job_started_idx" ON "import_job" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "password_setup_officer_idx" ON "password_setup" USING btree ("officer_id");