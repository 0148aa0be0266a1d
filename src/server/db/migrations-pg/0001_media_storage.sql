ALTER TABLE "media" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "media" SET "size" = octet_length("bytes");
