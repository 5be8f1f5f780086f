CREATE TABLE "used_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "challenge" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "challenge_difficulty" integer DEFAULT 20000 NOT NULL;--> statement-breakpoint
CREATE INDEX "used_challenges_expires_idx" ON "used_challenges" USING btree ("expires_at");