CREATE TABLE "account_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" bigint NOT NULL,
	"lease_until" bigint
);
--> statement-breakpoint
ALTER TABLE "account_alerts" ADD CONSTRAINT "account_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_alerts_user_idx" ON "account_alerts" USING btree ("user_id","created_at");