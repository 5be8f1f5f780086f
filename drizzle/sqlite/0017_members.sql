CREATE TABLE `app_members` (
	`app_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`app_id`, `user_id`),
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_members_user_idx` ON `app_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`account_id` text,
	`app_id` text,
	`actor_id` text,
	`actor_email` text,
	`via` text NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`target` text,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_app_idx` ON `audit_log` (`app_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_account_idx` ON `audit_log` (`account_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_app_idx` ON `invitations` (`app_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `last_address` text;--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `scopes` text;--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `apps` text;--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `expiry_notice_at` integer;