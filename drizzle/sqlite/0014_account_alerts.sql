CREATE TABLE `account_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`detail` text NOT NULL,
	`created_at` integer NOT NULL,
	`lease_until` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_alerts_user_idx` ON `account_alerts` (`user_id`,`created_at`);