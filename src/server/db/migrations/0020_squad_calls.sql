CREATE TABLE `squad_call_members` (
	`squad_call_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`squad_call_id`, `user_id`),
	FOREIGN KEY (`squad_call_id`) REFERENCES `squad_calls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `squad_call_members_user_idx` ON `squad_call_members` (`user_id`,`squad_call_id`);--> statement-breakpoint
CREATE TABLE `squad_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`creator_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`needed` integer NOT NULL,
	`note` text,
	`rank` text,
	`status` text DEFAULT 'open' NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer,
	`conversation_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `squad_calls_open_idx` ON `squad_calls` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `squad_calls_game_idx` ON `squad_calls` (`game_id`,`status`);--> statement-breakpoint
CREATE INDEX `squad_calls_creator_idx` ON `squad_calls` (`creator_id`);