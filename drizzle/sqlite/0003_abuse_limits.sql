CREATE TABLE `idempotency_keys` (
	`app_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`ids` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`app_id`, `key`),
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
DROP INDEX `apps_owner_idx`;--> statement-breakpoint
CREATE INDEX `apps_owner_idx` ON `apps` (`owner_id`,`created_at`,`id`);