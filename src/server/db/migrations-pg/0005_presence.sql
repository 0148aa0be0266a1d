CREATE TABLE "presence_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"appear_offline" boolean DEFAULT false NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_statuses" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"since" bigint NOT NULL,
	"expires_at" bigint
);
--> statement-breakpoint
ALTER TABLE "presence_settings" ADD CONSTRAINT "presence_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_statuses" ADD CONSTRAINT "user_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_statuses_expiry_idx" ON "user_statuses" USING btree ("expires_at");