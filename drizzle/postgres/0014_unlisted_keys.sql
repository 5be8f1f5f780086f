CREATE TABLE "unlisted_keys" (
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"first_seen" bigint NOT NULL,
	"last_seen" bigint NOT NULL,
	CONSTRAINT "unlisted_keys_app_id_name_pk" PRIMARY KEY("app_id","name")
);
--> statement-breakpoint
ALTER TABLE "unlisted_keys" ADD CONSTRAINT "unlisted_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;