CREATE TABLE "data_version" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_version_scope" CHECK ("data_version"."scope" in ('events', 'lookups', 'officers', 'sessions', 'tickets', 'uploads'))
);
