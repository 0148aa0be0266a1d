ALTER TABLE `polls` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `one_time_password_at` integer;