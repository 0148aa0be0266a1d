CREATE TABLE "squad_call_members" (
	"squad_call_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"joined_at" bigint NOT NULL,
	CONSTRAINT "squad_call_members_squad_call_id_user_id_pk" PRIMARY KEY("squad_call_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "squad_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "squad_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"creator_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"needed" bigint NOT NULL,
	"note" text,
	"rank" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" bigint NOT NULL,
	"ended_at" bigint,
	"conversation_id" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "squad_call_members" ADD CONSTRAINT "squad_call_members_squad_call_id_squad_calls_id_fk" FOREIGN KEY ("squad_call_id") REFERENCES "public"."squad_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_call_members" ADD CONSTRAINT "squad_call_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_calls" ADD CONSTRAINT "squad_calls_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_calls" ADD CONSTRAINT "squad_calls_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_calls" ADD CONSTRAINT "squad_calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "squad_call_members_user_idx" ON "squad_call_members" USING btree ("user_id","squad_call_id");--> statement-breakpoint
CREATE INDEX "squad_calls_open_idx" ON "squad_calls" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "squad_calls_game_idx" ON "squad_calls" USING btree ("game_id","status");--> statement-breakpoint
CREATE INDEX "squad_calls_creator_idx" ON "squad_calls" USING btree ("creator_id");