CREATE TABLE "custom_emoji" (
	"shortcode" text PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"added_by" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_emoji" ADD CONSTRAINT "custom_emoji_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_emoji" ADD CONSTRAINT "custom_emoji_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_emoji_media_idx" ON "custom_emoji" USING btree ("media_id");