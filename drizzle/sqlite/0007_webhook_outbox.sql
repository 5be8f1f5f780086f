CREATE TABLE `webhook_outbox` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`webhook_id` text NOT NULL,
	`app_id` text NOT NULL,
	`event` text NOT NULL,
	`subject` text NOT NULL,
	`payload` text,
	`records` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `records` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Record events carry a batch of records (server/db/storage/outbox-batch.ts); rows written before carried one.
UPDATE `webhook_deliveries` SET `records` = 1, `payload` = json_array(json_object('id', `subject`, 'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', `created_at` / 1000.0, 'unixepoch'), 'data', json(`payload`)))
WHERE `event` = 'record.created' AND substr(`payload`, 1, 1) = '{';
--> statement-breakpoint
UPDATE `webhook_deliveries` SET `records` = 1, `payload` = json_array(json_object('id', `subject`)) WHERE `event` = 'record.deleted' AND `payload` IS NULL;
