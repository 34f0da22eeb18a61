ALTER TABLE "signups" ADD COLUMN "confirmation_mail_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "confirmation_mail_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "confirmation_mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "signups_confirmation_mail_pending_idx" ON "signups" USING btree ("confirmation_mail_claimed_at") WHERE "signups"."newsletter_opt_in" and "signups"."confirmation_mail_sent_at" is null;--> statement-breakpoint
-- Signups from before the outbox had their confirmation mail sent (or tried) at signup: never again.
UPDATE "signups" SET "confirmation_mail_sent_at" = "created_at", "confirmation_mail_attempts" = 1 WHERE "newsletter_opt_in";
