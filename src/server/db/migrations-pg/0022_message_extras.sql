CREATE TABLE "message_reactions" (
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"reaction" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "message_reactions_message_id_reaction_user_id_pk" PRIMARY KEY("message_id","reaction","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "picture_media_id" text;--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "message_reactions" ADD CONSTRAINT "message_reactions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reactions" ADD CONSTRAINT "message_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_reactions_user_idx" ON "message_reactions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_picture_media_id_media_id_fk" FOREIGN KEY ("picture_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_picture_idx" ON "conversations" USING btree ("picture_media_id");--> statement-breakpoint
CREATE INDEX "post_media_message_idx" ON "post_media" USING btree ("message_id","position");