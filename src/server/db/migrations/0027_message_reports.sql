ALTER TABLE `reports` ADD `message_id` integer REFERENCES messages(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `reports_message_idx` ON `reports` (`message_id`);