ALTER TABLE "app_stats" ADD COLUMN "serial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "serial" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (backfill): the records stored before live streams take their seq as their serial (seq order, dense, unique per app),
UPDATE "records" SET "serial" = "seq";--> statement-breakpoint
-- and each app's serial counter starts after the last of them.
UPDATE "app_stats" SET "serial" = GREATEST("seq", COALESCE((SELECT MAX(r."seq") FROM "records" r WHERE r."app_id" = "app_stats"."app_id"), 0));
