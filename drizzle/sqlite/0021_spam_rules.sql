ALTER TABLE `endpoints` ADD `spam_rules` text;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `dedupe_seconds` integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `dedupe_json` integer DEFAULT false NOT NULL;