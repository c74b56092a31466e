ALTER TABLE "spend_file_keys" DROP CONSTRAINT "spend_file_keys_pkey";--> statement-breakpoint
ALTER TABLE "spend_file_keys" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spend_file_keys" ADD CONSTRAINT "spend_file_keys_pkey" PRIMARY KEY("file_id","part");
