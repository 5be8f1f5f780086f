ALTER TABLE "endpoints" ADD COLUMN "thank_you_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "thank_you_url" text;