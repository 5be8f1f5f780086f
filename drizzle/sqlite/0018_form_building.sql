ALTER TABLE `endpoints` ADD `closed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `close_after` integer;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `closes_at` integer;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `closed_message` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `one_per_browser` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `unique_field` text;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `form_layout` text;--> statement-breakpoint
ALTER TABLE `fields` ADD `form` text;