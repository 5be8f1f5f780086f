ALTER TABLE `endpoints` ADD `thank_you_message` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `thank_you_url` text;