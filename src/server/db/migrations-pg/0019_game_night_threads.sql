ALTER TABLE "game_nights" ADD COLUMN "thread_post_id" bigint;--> statement-breakpoint
ALTER TABLE "game_nights" ADD CONSTRAINT "game_nights_thread_post_id_posts_id_fk" FOREIGN KEY ("thread_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_nights_thread_idx" ON "game_nights" USING btree ("thread_post_id");