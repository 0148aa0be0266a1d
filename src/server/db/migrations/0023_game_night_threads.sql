-- Hand-finished: drizzle-kit leaves out ON DELETE on a column added to SQLite; the night loses its thread when the post goes.
ALTER TABLE `game_nights` ADD `thread_post_id` integer REFERENCES posts(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `game_nights_thread_idx` ON `game_nights` (`thread_post_id`);
