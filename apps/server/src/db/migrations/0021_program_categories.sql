CREATE TABLE "organisation_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"name" text NOT NULL,
	"zip" text NOT NULL,
	"state" text NOT NULL,
	"county" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"rule" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_category_suppliers" (
	"category_ref" integer NOT NULL,
	"client_ref" integer NOT NULL,
	"supplier_ref" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_category_suppliers_pkey" PRIMARY KEY("category_ref","supplier_ref")
);
--> statement-breakpoint
ALTER TABLE "supplier_directory" ADD COLUMN "annual_receipts" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "supplier_directory" ADD COLUMN "employee_count" integer;--> statement-breakpoint
ALTER TABLE "organisation_sites" ADD CONSTRAINT "organisation_sites_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_categories" ADD CONSTRAINT "program_categories_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_category_suppliers" ADD CONSTRAINT "program_category_suppliers_category_ref_program_categories_id_fk" FOREIGN KEY ("category_ref") REFERENCES "public"."program_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_category_suppliers" ADD CONSTRAINT "program_category_suppliers_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_category_suppliers" ADD CONSTRAINT "program_category_suppliers_supplier_ref_supplier_directory_id_fk" FOREIGN KEY ("supplier_ref") REFERENCES "public"."supplier_directory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_sites_client_idx" ON "organisation_sites" USING btree ("client_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "program_categories_name_key" ON "program_categories" USING btree ("client_ref",lower("name"));--> statement-breakpoint
CREATE INDEX "program_category_suppliers_client_idx" ON "program_category_suppliers" USING btree ("client_ref");