CREATE TABLE `code_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `code_failures_email_idx` ON `code_failures` (`email`,`at`);--> statement-breakpoint
CREATE TABLE `email_changes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`new_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_token_hash_unique` ON `email_changes` (`token_hash`);--> statement-breakpoint
ALTER TABLE `endpoints` ADD `summary_min_respondents` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `fields` ADD `proposed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `fields` ADD `proposed_by` text;--> statement-breakpoint
CREATE INDEX `fields_app_proposer_idx` ON `fields` (`app_id`,`proposed_by`,`created_at`);