CREATE TABLE `scheduled_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`next_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `endpoints` ADD `keep_records_days` integer;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `keep_spam_days` integer;