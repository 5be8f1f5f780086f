CREATE TABLE `used_challenges` (
	`signature` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `used_challenges_expires_idx` ON `used_challenges` (`expires_at`);--> statement-breakpoint
ALTER TABLE `endpoints` ADD `challenge` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `endpoints` ADD `challenge_difficulty` integer DEFAULT 20000 NOT NULL;