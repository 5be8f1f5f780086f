CREATE TABLE `access_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `access_tokens_hash_unique` ON `access_tokens` (`hash`);--> statement-breakpoint
CREATE INDEX `access_tokens_user_idx` ON `access_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `app_stats` (
	`app_id` text PRIMARY KEY NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	`kept` integer DEFAULT 0 NOT NULL,
	`spam` integer DEFAULT 0 NOT NULL,
	`first_at` integer,
	`last_at` integer,
	`aggregates` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `apps` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `apps_owner_idx` ON `apps` (`owner_id`);--> statement-breakpoint
CREATE TABLE `connect_themes` (
	`app_id` text PRIMARY KEY NOT NULL,
	`theme` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_code_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_code_sends_email_idx` ON `email_code_sends` (`email`,`sent_at`);--> statement-breakpoint
CREATE TABLE `email_codes` (
	`email` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `endpoints` (
	`app_id` text PRIMARY KEY NOT NULL,
	`token_hash` text,
	`token_cipher` text,
	`published` integer DEFAULT false NOT NULL,
	`service` integer DEFAULT true NOT NULL,
	`reads` integer DEFAULT true NOT NULL,
	`auto_create` integer DEFAULT true NOT NULL,
	`honeypot` text DEFAULT '_gotcha' NOT NULL,
	`rate_limit` text,
	`redirect_origins` text DEFAULT '[]' NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `endpoints_token_hash_unique` ON `endpoints` (`token_hash`);--> statement-breakpoint
CREATE TABLE `expert_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`scale_id` text NOT NULL,
	`level_key` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scale_id`) REFERENCES `scales`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `expert_comments_scale_level_idx` ON `expert_comments` (`scale_id`,`level_key`);--> statement-breakpoint
CREATE INDEX `expert_comments_app_idx` ON `expert_comments` (`app_id`);--> statement-breakpoint
CREATE TABLE `experts` (
	`app_id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`avatar_url` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fields` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`options` text,
	`position` integer NOT NULL,
	`auto_created` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fields_app_name_idx` ON `fields` (`app_id`,`name`);--> statement-breakpoint
CREATE INDEX `fields_app_position_idx` ON `fields` (`app_id`,`position`);--> statement-breakpoint
CREATE TABLE `records` (
	`rowid` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`app_id` text NOT NULL,
	`seq` integer NOT NULL,
	`pos` integer,
	`spam` integer DEFAULT false NOT NULL,
	`data` text NOT NULL,
	`meta` text DEFAULT '{}' NOT NULL,
	`scores` text,
	`report_key_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `records_id_unique` ON `records` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `records_app_seq_idx` ON `records` (`app_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `records_app_pos_idx` ON `records` (`app_id`,`pos`) WHERE "records"."pos" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `records_app_spam_seq_idx` ON `records` (`app_id`,`seq`) WHERE "records"."spam" = 1;--> statement-breakpoint
CREATE TABLE `report_pages` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`sections` text DEFAULT '[]' NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_pages_app_position_idx` ON `report_pages` (`app_id`,`position`);--> statement-breakpoint
CREATE TABLE `scales` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`method` text DEFAULT 'sum' NOT NULL,
	`items` text DEFAULT '[]' NOT NULL,
	`levels` text DEFAULT '[]' NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scales_app_key_idx` ON `scales` (`app_id`,`key`);--> statement-breakpoint
CREATE INDEX `scales_app_position_idx` ON `scales` (`app_id`,`position`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `smart_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`instruction` text NOT NULL,
	`planner` text NOT NULL,
	`status` text NOT NULL,
	`stage` text NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`messages` text DEFAULT '[]' NOT NULL,
	`plan_id` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `smart_plans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `smart_jobs_owner_idx` ON `smart_jobs` (`owner_id`);--> statement-breakpoint
CREATE TABLE `smart_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`planner` text NOT NULL,
	`plan` text NOT NULL,
	`execution` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `smart_plans_owner_idx` ON `smart_plans` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`password_hash` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);