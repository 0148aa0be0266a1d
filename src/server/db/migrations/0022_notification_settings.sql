CREATE TABLE `notification_settings` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`in_app` integer DEFAULT true NOT NULL,
	`desktop` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `polls` ADD `end_told_at` integer;--> statement-breakpoint
CREATE INDEX `polls_end_idx` ON `polls` (`end_told_at`,`ends_at`);--> statement-breakpoint
-- Hand-written: polls that ended before this version count as told, so that upgrading tells nobody of old polls.
UPDATE `polls` SET `end_told_at` = `ends_at` WHERE `ends_at` <= CAST(strftime('%s', 'now') AS INTEGER) * 1000;
