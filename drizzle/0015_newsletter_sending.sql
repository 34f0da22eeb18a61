CREATE TABLE "mail_send_budgets" (
	"bucket" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"newsletter_id" text NOT NULL,
	"signup_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "newsletter_recipients_status_check" CHECK ("newsletter_recipients"."status" in ('pending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"newsletter_id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"audience" text NOT NULL,
	"newsletter" jsonb NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipients" integer NOT NULL,
	"sent" integer,
	"failed" integer,
	"started_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"by_id" text,
	"by_name" text,
	CONSTRAINT "newsletter_sends_audience_check" CHECK ("newsletter_sends"."audience" in ('alle', 'reiter', 'trainer')),
	CONSTRAINT "newsletter_sends_status_check" CHECK ("newsletter_sends"."status" in ('sending', 'paused', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "newsletter_undeliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_newsletter_id_newsletter_sends_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletter_sends"("newsletter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_by_id_auth_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_recipients_signup_idx" ON "newsletter_recipients" USING btree ("newsletter_id","signup_id");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_status_idx" ON "newsletter_recipients" USING btree ("newsletter_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_pending_idx" ON "newsletter_recipients" USING btree ("id") WHERE "newsletter_recipients"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "newsletter_recipients_signup_id_idx" ON "newsletter_recipients" USING btree ("signup_id");