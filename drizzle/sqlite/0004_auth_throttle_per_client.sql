DROP INDEX `email_code_sends_email_idx`;--> statement-breakpoint
ALTER TABLE `email_code_sends` ADD `client` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `email_code_sends_email_client_idx` ON `email_code_sends` (`email`,`client`,`sent_at`);--> statement-breakpoint
DROP INDEX `login_failures_email_idx`;--> statement-breakpoint
ALTER TABLE `login_failures` ADD `client` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `login_failures_email_client_idx` ON `login_failures` (`email`,`client`,`at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_email_codes` (
	`email` text NOT NULL,
	`client` text DEFAULT '' NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`email`, `client`)
);
--> statement-breakpoint
INSERT INTO `__new_email_codes`("email", "client", "code_hash", "expires_at", "attempts", "created_at") SELECT "email", '', "code_hash", "expires_at", "attempts", "created_at" FROM `email_codes`;--> statement-breakpoint
DROP TABLE `email_codes`;--> statement-breakpoint
ALTER TABLE `__new_email_codes` RENAME TO `email_codes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;