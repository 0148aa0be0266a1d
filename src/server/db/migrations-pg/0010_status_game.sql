ALTER TABLE "user_statuses" ADD COLUMN "game_slug" text;--> statement-breakpoint
CREATE INDEX "user_statuses_game_idx" ON "user_statuses" USING btree ("game_slug");