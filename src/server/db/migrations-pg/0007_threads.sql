ALTER TABLE "comments" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_to_id" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_to_user_id" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "deleted_at" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_id_comments_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "comments" USING btree ("parent_id","created_at","id");