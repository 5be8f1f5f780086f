ALTER TABLE "endpoints" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "translations" text DEFAULT '{}' NOT NULL;