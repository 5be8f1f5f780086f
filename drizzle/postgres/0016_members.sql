CREATE TABLE "app_members" (
	"app_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "app_members_app_id_user_id_pk" PRIMARY KEY("app_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"account_id" text,
	"app_id" text,
	"actor_id" text,
	"actor_email" text,
	"via" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"before" text,
	"after" text
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"accepted_at" bigint,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "last_address" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "scopes" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "apps" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "expires_at" bigint;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "expiry_notice_at" bigint;--> statement-breakpoint
ALTER TABLE "app_members" ADD CONSTRAINT "app_members_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_members" ADD CONSTRAINT "app_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_members_user_idx" ON "app_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_app_idx" ON "audit_log" USING btree ("app_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "invitations_app_idx" ON "invitations" USING btree ("app_id","created_at");