CREATE TABLE "notification_settings" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"desktop" boolean DEFAULT true NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "end_told_at" bigint;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "polls_end_idx" ON "polls" USING btree ("end_told_at","ends_at");--> statement-breakpoint
-- Hand-written: polls that ended before this version count as told, so that upgrading tells nobody of old polls.
UPDATE "polls" SET "end_told_at" = "ends_at" WHERE "ends_at" <= (extract(epoch from now()) * 1000)::bigint;
