CREATE TABLE "spend_rollup_months" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"month" date NOT NULL,
	"diversity" text[] NOT NULL,
	"is_diverse" boolean NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spend_rollup_quarters" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"quarter" date NOT NULL,
	"supplier_key" text NOT NULL,
	"is_diverse" boolean NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spend_rollup_suppliers" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"supplier_key" text NOT NULL,
	"category" text NOT NULL,
	"state" text,
	"diversity" text[] NOT NULL,
	"is_diverse" boolean NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL,
	"vendor_name" text NOT NULL,
	"duns" text,
	"last_month" date NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "spend_rollup_months" ADD CONSTRAINT "spend_rollup_months_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rollup_months" ADD CONSTRAINT "spend_rollup_months_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rollup_quarters" ADD CONSTRAINT "spend_rollup_quarters_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rollup_quarters" ADD CONSTRAINT "spend_rollup_quarters_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rollup_suppliers" ADD CONSTRAINT "spend_rollup_suppliers_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rollup_suppliers" ADD CONSTRAINT "spend_rollup_suppliers_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rollups" ADD CONSTRAINT "spend_rollups_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rollups" ADD CONSTRAINT "spend_rollups_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spend_rollup_months_file_idx" ON "spend_rollup_months" USING btree ("client_ref","file_id","month");--> statement-breakpoint
CREATE INDEX "spend_rollup_quarters_file_idx" ON "spend_rollup_quarters" USING btree ("client_ref","file_id","quarter");--> statement-breakpoint
CREATE INDEX "spend_rollup_quarters_diverse_idx" ON "spend_rollup_quarters" USING btree ("client_ref","quarter","supplier_key","file_id") WHERE "spend_rollup_quarters"."is_diverse";--> statement-breakpoint
CREATE INDEX "spend_rollup_suppliers_file_idx" ON "spend_rollup_suppliers" USING btree ("client_ref","file_id");--> statement-breakpoint
CREATE INDEX "spend_rollups_file_idx" ON "spend_rollups" USING btree ("client_ref","file_id","month");--> statement-breakpoint
CREATE INDEX "spend_rollups_diverse_idx" ON "spend_rollups" USING btree ("client_ref","month","supplier_key","file_id") WHERE "spend_rollups"."is_diverse";
--> statement-breakpoint
-- Backfill: the rollups of every file already imported, as platform/spend-rollups.ts builds them.
INSERT INTO "spend_rollups" ("client_ref", "file_id", "month", "supplier_key", "category", "state", "diversity", "is_diverse", "spend", "row_count", "vendor_name", "duns")
SELECT "client_ref", "file_id", date_trunc('month', "payment_date")::date, "supplier_key", "category", "state", "diversity", "is_diverse", sum("spend"), count(*), min("vendor_name"), min("duns")
FROM "spend_rows"
GROUP BY "client_ref", "file_id", date_trunc('month', "payment_date")::date, "supplier_key", "category", "state", "diversity", "is_diverse";--> statement-breakpoint
INSERT INTO "spend_rollup_months" ("client_ref", "file_id", "month", "diversity", "is_diverse", "spend", "row_count")
SELECT "client_ref", "file_id", "month", "diversity", "is_diverse", sum("spend"), sum("row_count")
FROM "spend_rollups"
GROUP BY "client_ref", "file_id", "month", "diversity", "is_diverse";--> statement-breakpoint
INSERT INTO "spend_rollup_quarters" ("client_ref", "file_id", "quarter", "supplier_key", "is_diverse", "spend", "row_count")
SELECT "client_ref", "file_id", date_trunc('quarter', "month")::date, "supplier_key", "is_diverse", sum("spend"), sum("row_count")
FROM "spend_rollups"
GROUP BY "client_ref", "file_id", date_trunc('quarter', "month")::date, "supplier_key", "is_diverse";--> statement-breakpoint
INSERT INTO "spend_rollup_suppliers" ("client_ref", "file_id", "supplier_key", "category", "state", "diversity", "is_diverse", "spend", "row_count", "vendor_name", "duns", "last_month")
SELECT "client_ref", "file_id", "supplier_key", "category", "state", "diversity", "is_diverse", sum("spend"), sum("row_count"), min("vendor_name"), min("duns"), max("month")
FROM "spend_rollups"
GROUP BY "client_ref", "file_id", "supplier_key", "category", "state", "diversity", "is_diverse";
