-- reads becomes off | summary | records (DESIGN rule 16). Existing apps keep their setting:
-- reads on (1) becomes 'records', off (0) becomes 'off'; only new apps default to 'off'.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_endpoints` (
	`app_id` text PRIMARY KEY NOT NULL,
	`token_hash` text,
	`token_cipher` text,
	`published` integer DEFAULT false NOT NULL,
	`service` integer DEFAULT true NOT NULL,
	`reads` text DEFAULT 'off' NOT NULL,
	`auto_create` integer DEFAULT true NOT NULL,
	`honeypot` text DEFAULT '_gotcha' NOT NULL,
	`rate_limit` text,
	`redirect_origins` text DEFAULT '[]' NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_endpoints`("app_id", "token_hash", "token_cipher", "published", "service", "reads", "auto_create", "honeypot", "rate_limit", "redirect_origins", "published_at", "created_at", "updated_at") SELECT "app_id", "token_hash", "token_cipher", "published", "service", CASE WHEN "reads" THEN 'records' ELSE 'off' END, "auto_create", "honeypot", "rate_limit", "redirect_origins", "published_at", "created_at", "updated_at" FROM `endpoints`;--> statement-breakpoint
DROP TABLE `endpoints`;--> statement-breakpoint
ALTER TABLE `__new_endpoints` RENAME TO `endpoints`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `endpoints_token_hash_unique` ON `endpoints` (`token_hash`);