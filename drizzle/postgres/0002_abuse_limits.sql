CREATE TABLE "idempotency_keys" (
	"app_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"ids" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "idempotency_keys_app_id_key_pk" PRIMARY KEY("app_id","key")
);
--> statement-breakpoint
DROP INDEX "apps_owner_idx";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "apps_owner_idx" ON "apps" USING btree ("owner_id","created_at","id");