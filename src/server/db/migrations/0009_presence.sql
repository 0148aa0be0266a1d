CREATE TABLE `presence_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`appear_offline` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_statuses` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`game` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`since` integer NOT NULL,
	`expires_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_statuses_expiry_idx` ON `user_statuses` (`expires_at`);