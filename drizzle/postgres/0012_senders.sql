CREATE TABLE "senders" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"secret_cipher" text NOT NULL,
	"require" boolean DEFAULT false NOT NULL,
	"options" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "senders" ADD CONSTRAINT "senders_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "senders_app_name_idx" ON "senders" USING btree ("app_id","name");