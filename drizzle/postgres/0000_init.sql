CREATE TABLE "access_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint,
	CONSTRAINT "access_tokens_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "app_stats" (
	"app_id" text PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	"spam" integer DEFAULT 0 NOT NULL,
	"first_at" bigint,
	"last_at" bigint,
	"aggregates" text DEFAULT '{}' NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connect_themes" (
	"app_id" text PRIMARY KEY NOT NULL,
	"theme" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_code_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_code_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"sent_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_codes" (
	"email" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "endpoints" (
	"app_id" text PRIMARY KEY NOT NULL,
	"token_hash" text,
	"token_cipher" text,
	"published" boolean DEFAULT false NOT NULL,
	"service" boolean DEFAULT true NOT NULL,
	"reads" text DEFAULT 'off' NOT NULL,
	"auto_create" boolean DEFAULT true NOT NULL,
	"honeypot" text DEFAULT '_gotcha' NOT NULL,
	"rate_limit" text,
	"redirect_origins" text DEFAULT '[]' NOT NULL,
	"published_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "endpoints_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "expert_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"scale_id" text NOT NULL,
	"level_key" text NOT NULL,
	"text" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"app_id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"avatar_url" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" text,
	"position" integer NOT NULL,
	"auto_created" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records" (
	"rowid" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "records_rowid_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"app_id" text NOT NULL,
	"seq" integer NOT NULL,
	"pos" integer,
	"spam" boolean DEFAULT false NOT NULL,
	"data" text NOT NULL,
	"meta" text DEFAULT '{}' NOT NULL,
	"scores" text,
	"report_key_hash" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "records_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "report_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"sections" text DEFAULT '[]' NOT NULL,
	"position" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scales" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"method" text DEFAULT 'sum' NOT NULL,
	"items" text DEFAULT '[]' NOT NULL,
	"levels" text DEFAULT '[]' NOT NULL,
	"position" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"instruction" text NOT NULL,
	"planner" text NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"messages" text DEFAULT '[]' NOT NULL,
	"plan_id" text,
	"error" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"finished_at" bigint,
	"runner" text,
	"heartbeat_at" bigint
);
--> statement-breakpoint
CREATE TABLE "smart_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"planner" text NOT NULL,
	"plan" text NOT NULL,
	"execution" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_stats" ADD CONSTRAINT "app_stats_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_themes" ADD CONSTRAINT "connect_themes_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endpoints" ADD CONSTRAINT "endpoints_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_comments" ADD CONSTRAINT "expert_comments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_comments" ADD CONSTRAINT "expert_comments_scale_id_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."scales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pages" ADD CONSTRAINT "report_pages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scales" ADD CONSTRAINT "scales_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_jobs" ADD CONSTRAINT "smart_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_jobs" ADD CONSTRAINT "smart_jobs_plan_id_smart_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."smart_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_plans" ADD CONSTRAINT "smart_plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "apps_owner_idx" ON "apps" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "email_code_sends_email_idx" ON "email_code_sends" USING btree ("email","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_comments_scale_level_idx" ON "expert_comments" USING btree ("scale_id","level_key");--> statement-breakpoint
CREATE INDEX "expert_comments_app_idx" ON "expert_comments" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fields_app_name_idx" ON "fields" USING btree ("app_id","name");--> statement-breakpoint
CREATE INDEX "fields_app_position_idx" ON "fields" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","at");--> statement-breakpoint
CREATE UNIQUE INDEX "records_app_seq_idx" ON "records" USING btree ("app_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "records_app_pos_idx" ON "records" USING btree ("app_id","pos") WHERE "records"."pos" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_app_spam_seq_idx" ON "records" USING btree ("app_id","seq") WHERE "records"."spam";--> statement-breakpoint
CREATE INDEX "report_pages_app_position_idx" ON "report_pages" USING btree ("app_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "scales_app_key_idx" ON "scales" USING btree ("app_id","key");--> statement-breakpoint
CREATE INDEX "scales_app_position_idx" ON "scales" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "smart_jobs_owner_idx" ON "smart_jobs" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "smart_plans_owner_idx" ON "smart_plans" USING btree ("owner_id","created_at");