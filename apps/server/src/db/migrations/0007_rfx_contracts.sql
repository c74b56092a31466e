CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"contract_number" text NOT NULL,
	"contract_name" text NOT NULL,
	"category" text NOT NULL,
	"contract_signature_date" date NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"contract_type" text NOT NULL,
	"contract_value" numeric(14, 2) NOT NULL,
	"tz_offset" smallint,
	"awardee_vendor_id" text NOT NULL,
	"awardee_vendor_name" text NOT NULL,
	"awardee_ethnicity_category" text,
	"awardee_diversity_category" text[] NOT NULL,
	"vendor_account_manager_name" text,
	"vendor_account_manager_email" text,
	"vendor_account_manager_phone" text,
	"division_name" text NOT NULL,
	"division_cost_center" text,
	"contract_owner_name" text NOT NULL,
	"contract_owner_email" text,
	"contract_owner_phone" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfx" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"rfx_number" text NOT NULL,
	"rfx_name" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"category_manager" text,
	"start_date" date NOT NULL,
	"submit_date" date NOT NULL,
	"contract_value" numeric(14, 2) NOT NULL,
	"rfx_completed" text NOT NULL,
	"tz_offset" smallint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfx_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfx_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"supplier_included" text NOT NULL,
	"ethnicity_category" text,
	"diversity_category" text[] NOT NULL,
	"deals" text,
	"point_of_contact" text,
	"reason_for_loss" text,
	"reason_for_loss_other" text
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfx" ADD CONSTRAINT "rfx_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfx" ADD CONSTRAINT "rfx_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfx_suppliers" ADD CONSTRAINT "rfx_suppliers_rfx_id_rfx_id_fk" FOREIGN KEY ("rfx_id") REFERENCES "public"."rfx"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_client_start_idx" ON "contracts" USING btree ("client_ref","start_date");--> statement-breakpoint
CREATE INDEX "contracts_client_end_idx" ON "contracts" USING btree ("client_ref","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_client_number_key" ON "contracts" USING btree ("client_ref",lower("contract_number"));--> statement-breakpoint
CREATE INDEX "rfx_client_start_idx" ON "rfx" USING btree ("client_ref","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "rfx_client_number_key" ON "rfx" USING btree ("client_ref",lower("rfx_number"));--> statement-breakpoint
CREATE INDEX "rfx_suppliers_rfx_idx" ON "rfx_suppliers" USING btree ("rfx_id","position");