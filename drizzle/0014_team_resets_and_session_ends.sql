CREATE TABLE "team_session_ends" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"role" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_session_ends_reason_check" CHECK ("team_session_ends"."reason" in ('role-changed', 'removed', 'second-factor-reset'))
);
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD COLUMN "reset_of_id" text;--> statement-breakpoint
CREATE INDEX "team_session_ends_at_idx" ON "team_session_ends" USING btree ("at");--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_reset_of_id_auth_users_id_fk" FOREIGN KEY ("reset_of_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;