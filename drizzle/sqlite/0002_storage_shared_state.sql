CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_email_idx` ON `login_failures` (`email`,`at`);--> statement-breakpoint
ALTER TABLE `app_stats` ADD `generation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `smart_jobs` ADD `runner` text;--> statement-breakpoint
ALTER TABLE `smart_jobs` ADD `heartbeat_at` integer;