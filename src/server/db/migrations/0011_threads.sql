ALTER TABLE `comments` ADD `parent_id` integer REFERENCES comments(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `comments` ADD `reply_to_id` integer REFERENCES comments(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `comments` ADD `reply_to_user_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `comments` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `comments_thread_idx` ON `comments` (`parent_id`,`created_at`,`id`);