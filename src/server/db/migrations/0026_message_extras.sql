-- Hand-finished: drizzle-kit leaves out ON DELETE on a column added to SQLite (picture_media_id SET NULL, message_id CASCADE).
CREATE TABLE `message_reactions` (
	`message_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reaction` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`message_id`, `reaction`, `user_id`),
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_reactions_user_idx` ON `message_reactions` (`user_id`);--> statement-breakpoint
ALTER TABLE `conversations` ADD `picture_media_id` text REFERENCES media(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `conversations_picture_idx` ON `conversations` (`picture_media_id`);--> statement-breakpoint
ALTER TABLE `post_media` ADD `message_id` integer REFERENCES messages(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX `post_media_message_idx` ON `post_media` (`message_id`,`position`);