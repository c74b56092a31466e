CREATE TABLE "spend_rollups" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"month" date NOT NULL,
	"supplier_key" text NOT NULL,
	"category" text NOT NULL,
	"state" text,
	"diversity" text[] NOT NULL,
	"is_diverse" boolean NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL,
	"vendor_name" text NOT NULL,
	"duns" text
);
--> statement-breakpoint
ALTER TABLE "spend_rollups" ADD CONSTRAINT "spend_rollups_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rollups" ADD CONSTRAINT "spend_rollups_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spend_rollups_file_idx" ON "spend_rollups" USING btree ("client_ref","file_id","month");--> statement-breakpoint
-- Backfill: the rollup of every file already imported, as platform/spend-rollups.ts builds it.
INSERT INTO "spend_rollups" ("client_ref", "file_id", "month", "supplier_key", "category", "state", "diversity", "is_diverse", "spend", "row_count", "vendor_name", "duns")
SELECT "client_ref", "file_id", date_trunc('month', "payment_date")::date, "supplier_key", "category", "state", "diversity", "is_diverse", sum("spend"), count(*), min("vendor_name"), min("duns")
FROM "spend_rows"
GROUP BY "client_ref", "file_id", date_trunc('month', "payment_date")::date, "supplier_key", "category", "state", "diversity", "is_diverse";
