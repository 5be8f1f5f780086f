CREATE TABLE `senders` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`secret_cipher` text NOT NULL,
	`require` integer DEFAULT false NOT NULL,
	`options` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `senders_app_name_idx` ON `senders` (`app_id`,`name`);