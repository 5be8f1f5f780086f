ALTER TABLE "endpoints" ADD COLUMN "spam_rules" text;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "dedupe_seconds" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "dedupe_json" boolean DEFAULT false NOT NULL;