CREATE TABLE "ticket_list_version" (
	"officer_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
