CREATE TABLE "import_job_errors" (
	"job_id" integer NOT NULL,
	"position" integer NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"value" text,
	"message" text NOT NULL,
	CONSTRAINT "import_job_errors_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" integer,
	"status" text NOT NULL,
	"phase" text NOT NULL,
	"phase_done" bigint DEFAULT 0 NOT NULL,
	"phase_total" bigint DEFAULT 0 NOT NULL,
	"rows_checked" integer DEFAULT 0 NOT NULL,
	"rows_expected" integer,
	"row_count" integer,
	"message" text,
	"error_count" integer DEFAULT 0 NOT NULL,
	"content_hash" text NOT NULL,
	"file_id" integer,
	"overlap" jsonb,
	"work_dir" text NOT NULL,
	"owner" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_job_errors" ADD CONSTRAINT "import_job_errors_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_client_idx" ON "import_jobs" USING btree ("client_ref","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_open_idx" ON "import_jobs" USING btree ("status","heartbeat_at") WHERE "import_jobs"."status" in ('queued', 'running', 'held');