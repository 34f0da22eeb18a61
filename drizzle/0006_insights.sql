CREATE TABLE "insights_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_daily_day_metric_key_pk" PRIMARY KEY("day","metric","key")
);
--> statement-breakpoint
CREATE TABLE "insights_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_visitors" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "insights_visitors_day_hash_pk" PRIMARY KEY("day","hash")
);
