CREATE TABLE "lockdowns" (
	"scope" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "access_attempts" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "given_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "confirmation_mail_given_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_attempts" DROP COLUMN "code";