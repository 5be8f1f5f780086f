ALTER TABLE `endpoints` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `translations` text DEFAULT '{}' NOT NULL;