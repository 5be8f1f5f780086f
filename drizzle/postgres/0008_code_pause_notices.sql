CREATE TABLE "code_pause_notices" (
	"user_id" text PRIMARY KEY NOT NULL,
	"sent_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_pause_notices" ADD CONSTRAINT "code_pause_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;