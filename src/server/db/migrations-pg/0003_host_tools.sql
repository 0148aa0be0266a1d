CREATE TABLE "host_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "host_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"host_id" bigint,
	"host_name" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" bigint,
	"target_name" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_grants" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"granted_by" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "host_actions" ADD CONSTRAINT "host_actions_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_actions" ADD CONSTRAINT "host_actions_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_grants" ADD CONSTRAINT "host_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_grants" ADD CONSTRAINT "host_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_actions_recent_idx" ON "host_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "host_actions_host_idx" ON "host_actions" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "host_actions_target_idx" ON "host_actions" USING btree ("target_user_id");