CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"record_id" text,
	"blob_key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"type" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"length" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"chunks" text DEFAULT '[]' NOT NULL,
	"name" text NOT NULL,
	"uploaded_by" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "settings" text;--> statement-breakpoint
CREATE INDEX "files_app_record_idx" ON "files" USING btree ("app_id","record_id");--> statement-breakpoint
CREATE INDEX "files_pending_created_idx" ON "files" USING btree ("created_at") WHERE "files"."record_id" is null;--> statement-breakpoint
CREATE INDEX "uploads_app_idx" ON "uploads" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "uploads_expires_idx" ON "uploads" USING btree ("expires_at");