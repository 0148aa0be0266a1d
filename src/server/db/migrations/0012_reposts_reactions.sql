CREATE TABLE `post_emoji_counts` (
	`post_id` integer NOT NULL,
	`reaction` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`post_id`, `reaction`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_emoji_reactions` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reaction` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `reaction`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_emoji_reactions_recent_idx` ON `post_emoji_reactions` (`post_id`,`reaction`,`created_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `post_emoji_reactions_user_idx` ON `post_emoji_reactions` (`user_id`);--> statement-breakpoint
CREATE TABLE `reposts` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reposts_user_recent_idx` ON `reposts` (`user_id`,`created_at`,`post_id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `repost_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `quote_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `quote_of_id` integer;