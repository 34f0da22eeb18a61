CREATE TABLE "access_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"valid" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"website_link" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "applications_type_check" CHECK ("applications"."application_type" in ('Mentor', 'Mentee', 'Business Partner')),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_bucket_key_window_start_pk" PRIMARY KEY("bucket","key","window_start")
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" text PRIMARY KEY NOT NULL,
	"user_type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"newsletter_opt_in" boolean DEFAULT true NOT NULL,
	"client_timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"newsletter_confirmed_at" timestamp with time zone,
	"newsletter_unsubscribed_at" timestamp with time zone,
	CONSTRAINT "signups_user_type_check" CHECK ("signups"."user_type" in ('reiter', 'trainer'))
);
--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "signups_created_at_idx" ON "signups" USING btree ("created_at");