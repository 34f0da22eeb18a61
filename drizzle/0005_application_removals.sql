CREATE TABLE "application_removals" (
	"id" bigint PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
