CREATE TABLE `host_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`host_id` integer,
	`host_name` text NOT NULL,
	`action` text NOT NULL,
	`target_user_id` integer,
	`target_name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `host_actions_recent_idx` ON `host_actions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `host_actions_host_idx` ON `host_actions` (`host_id`);--> statement-breakpoint
CREATE INDEX `host_actions_target_idx` ON `host_actions` (`target_user_id`);--> statement-breakpoint
CREATE TABLE `host_grants` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`granted_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
