CREATE TABLE "scheduled_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "keep_records_days" integer;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "keep_spam_days" integer;