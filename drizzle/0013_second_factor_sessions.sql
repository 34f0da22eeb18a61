ALTER TABLE "auth_sessions" ADD COLUMN "second_factor_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_two_factors" ADD COLUMN "last_totp_step" bigint;