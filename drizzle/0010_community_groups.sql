CREATE TABLE "community_clicks" (
	"day" date NOT NULL,
	"group_key" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "community_clicks_day_group_key_campaign_pk" PRIMARY KEY("day","group_key","campaign")
);
--> statement-breakpoint
CREATE TABLE "community_groups" (
	"key" text PRIMARY KEY NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"announced_capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
