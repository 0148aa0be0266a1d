CREATE TABLE `post_media` (
	`media_id` text PRIMARY KEY NOT NULL,
	`post_id` integer,
	`owner_id` integer NOT NULL,
	`thumb_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thumb_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_media_post_idx` ON `post_media` (`post_id`,`position`);--> statement-breakpoint
CREATE INDEX `post_media_owner_idx` ON `post_media` (`owner_id`);--> statement-breakpoint
CREATE INDEX `post_media_thumb_idx` ON `post_media` (`thumb_id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `edited_at` integer;