CREATE TABLE "drafts" (
	"user_id" bigint NOT NULL,
	"slot" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "drafts_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;