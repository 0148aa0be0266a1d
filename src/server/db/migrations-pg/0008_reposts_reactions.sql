CREATE TABLE "post_emoji_counts" (
	"post_id" bigint NOT NULL,
	"reaction" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "post_emoji_counts_post_id_reaction_pk" PRIMARY KEY("post_id","reaction")
);
--> statement-breakpoint
CREATE TABLE "post_emoji_reactions" (
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"reaction" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "post_emoji_reactions_post_id_reaction_user_id_pk" PRIMARY KEY("post_id","reaction","user_id")
);
--> statement-breakpoint
CREATE TABLE "reposts" (
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "reposts_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "repost_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_of_id" bigint;--> statement-breakpoint
ALTER TABLE "post_emoji_counts" ADD CONSTRAINT "post_emoji_counts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_emoji_reactions" ADD CONSTRAINT "post_emoji_reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_emoji_reactions" ADD CONSTRAINT "post_emoji_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reposts" ADD CONSTRAINT "reposts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reposts" ADD CONSTRAINT "reposts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_emoji_reactions_recent_idx" ON "post_emoji_reactions" USING btree ("post_id","reaction","created_at","user_id");--> statement-breakpoint
CREATE INDEX "post_emoji_reactions_user_idx" ON "post_emoji_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reposts_user_recent_idx" ON "reposts" USING btree ("user_id","created_at","post_id");