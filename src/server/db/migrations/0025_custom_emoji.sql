CREATE TABLE `custom_emoji` (
	`shortcode` text PRIMARY KEY NOT NULL,
	`media_id` text NOT NULL,
	`added_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `custom_emoji_media_idx` ON `custom_emoji` (`media_id`);