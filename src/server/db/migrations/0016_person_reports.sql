ALTER TABLE `reports` ADD `user_id` integer REFERENCES users(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `reports_user_idx` ON `reports` (`user_id`);