CREATE TABLE `record_edits` (
	`record_id` text NOT NULL,
	`n` integer NOT NULL,
	`user_id` text NOT NULL,
	`author` text NOT NULL,
	`changes` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`record_id`, `n`),
	FOREIGN KEY (`record_id`) REFERENCES `records`(`id`) ON UPDATE no action ON DELETE cascade
);
