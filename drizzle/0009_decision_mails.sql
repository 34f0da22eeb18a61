CREATE TABLE "decision_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"from_status" text NOT NULL,
	"decided_by_id" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"given_up_at" timestamp with time zone,
	CONSTRAINT "decision_mails_decision_check" CHECK ("decision_mails"."decision" in ('approved', 'rejected')),
	CONSTRAINT "decision_mails_status_check" CHECK ("decision_mails"."status" in ('scheduled', 'sending', 'failed', 'sent', 'cancelled', 'given-up'))
);
--> statement-breakpoint
ALTER TABLE "application_history" ADD COLUMN "mail" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decision_mail" jsonb;--> statement-breakpoint
ALTER TABLE "decision_mails" ADD CONSTRAINT "decision_mails_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_mails" ADD CONSTRAINT "decision_mails_decided_by_id_auth_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_mails_application_idx" ON "decision_mails" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "decision_mails_open_idx" ON "decision_mails" USING btree ("due_at") WHERE "decision_mails"."status" in ('scheduled', 'sending', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "decision_mails_one_scheduled_idx" ON "decision_mails" USING btree ("application_id") WHERE "decision_mails"."status" = 'scheduled';