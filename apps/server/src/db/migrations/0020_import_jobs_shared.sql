ALTER TABLE "import_jobs" ADD COLUMN "storage_id" uuid;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "choice" text;