DROP INDEX "signups_confirmation_mail_pending_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "signup_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_signup_id_idx" ON "mail_outbox" USING btree ("signup_id") WHERE "mail_outbox"."signup_id" is not null;--> statement-breakpoint
-- One outbox (issue 34): the confirmation mails not yet sent move from their signup rows into mail_outbox,
-- with their attempts and claim, so their retries go on where they were. Their text is written when
-- they are sent (web/server/signups/newsletter.server.ts), as for every newsletter confirmation.
INSERT INTO "mail_outbox" ("kind", "to_address", "subject", "created_at", "claimed_at", "attempts", "signup_id")
SELECT 'newsletter-confirmation', "email", 'Bitte bestätige deine Newsletter-Anmeldung', "created_at",
       "confirmation_mail_claimed_at", "confirmation_mail_attempts", "id"
FROM "signups"
WHERE "newsletter_opt_in" AND "confirmation_mail_sent_at" IS NULL AND "confirmation_mail_given_up_at" IS NULL
  AND "newsletter_confirmed_at" IS NULL AND "newsletter_unsubscribed_at" IS NULL
ORDER BY "created_at";--> statement-breakpoint
ALTER TABLE "signups" DROP COLUMN "confirmation_mail_claimed_at";--> statement-breakpoint
ALTER TABLE "signups" DROP COLUMN "confirmation_mail_sent_at";--> statement-breakpoint
ALTER TABLE "signups" DROP COLUMN "confirmation_mail_attempts";--> statement-breakpoint
ALTER TABLE "signups" DROP COLUMN "confirmation_mail_given_up_at";