CREATE TABLE `game_night_rsvps` (
	`game_night_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`answer` text NOT NULL,
	`answered_at` integer NOT NULL,
	PRIMARY KEY(`game_night_id`, `user_id`),
	FOREIGN KEY (`game_night_id`) REFERENCES `game_nights`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_night_rsvps_user_idx` ON `game_night_rsvps` (`user_id`,`game_night_id`);--> statement-breakpoint
CREATE TABLE `game_nights` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`host_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`title` text NOT NULL,
	`starts_at` integer NOT NULL,
	`duration_minutes` integer NOT NULL,
	`place` text,
	`slots` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`reminded_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_nights_starts_idx` ON `game_nights` (`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `game_nights_game_idx` ON `game_nights` (`game_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `game_nights_host_idx` ON `game_nights` (`host_id`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `game_night_id` integer REFERENCES game_nights(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `notifications` ADD `detail` text;--> statement-breakpoint
CREATE INDEX `notifications_game_night_idx` ON `notifications` (`game_night_id`);