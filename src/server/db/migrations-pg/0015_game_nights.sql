CREATE TABLE "game_night_rsvps" (
	"game_night_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"answer" text NOT NULL,
	"answered_at" bigint NOT NULL,
	CONSTRAINT "game_night_rsvps_game_night_id_user_id_pk" PRIMARY KEY("game_night_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "game_nights" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_nights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"host_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"title" text NOT NULL,
	"starts_at" bigint NOT NULL,
	"duration_minutes" bigint NOT NULL,
	"place" text,
	"slots" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"reminded_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "game_night_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "game_night_rsvps" ADD CONSTRAINT "game_night_rsvps_game_night_id_game_nights_id_fk" FOREIGN KEY ("game_night_id") REFERENCES "public"."game_nights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_night_rsvps" ADD CONSTRAINT "game_night_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_nights" ADD CONSTRAINT "game_nights_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_nights" ADD CONSTRAINT "game_nights_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_night_rsvps_user_idx" ON "game_night_rsvps" USING btree ("user_id","game_night_id");--> statement-breakpoint
CREATE INDEX "game_nights_starts_idx" ON "game_nights" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "game_nights_game_idx" ON "game_nights" USING btree ("game_id","starts_at");--> statement-breakpoint
CREATE INDEX "game_nights_host_idx" ON "game_nights" USING btree ("host_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_game_night_id_game_nights_id_fk" FOREIGN KEY ("game_night_id") REFERENCES "public"."game_nights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_game_night_idx" ON "notifications" USING btree ("game_night_id");