ALTER TABLE "applications" ADD COLUMN "sent_mail" jsonb;--> statement-breakpoint
-- Back-fill: what each applicant was last told by mail, from the decision mails that went out before
-- the column existed (the newest sent one per application; `at` as the server writes it, ISO in UTC).
UPDATE "applications" SET "sent_mail" = jsonb_build_object(
  'decision', "sent"."decision",
  'at', to_char("sent"."sent_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
FROM (
  SELECT DISTINCT ON ("application_id") "application_id", "decision", "sent_at"
  FROM "decision_mails"
  WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
  ORDER BY "application_id", "sent_at" DESC, "id" DESC
) AS "sent"
WHERE "applications"."id" = "sent"."application_id";
