ALTER TABLE "endpoints" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "close_after" integer;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "closes_at" bigint;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "closed_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "one_per_browser" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "unique_field" text;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "form_layout" text;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "form" text;