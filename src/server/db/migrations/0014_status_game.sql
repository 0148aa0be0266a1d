ALTER TABLE `user_statuses` ADD `game_slug` text;--> statement-breakpoint
CREATE INDEX `user_statuses_game_idx` ON `user_statuses` (`game_slug`);