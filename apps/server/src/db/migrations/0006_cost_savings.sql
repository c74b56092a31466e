CREATE TABLE "cost_saving_years" (
	"cost_saving_id" integer NOT NULL,
	"client_ref" integer NOT NULL,
	"year" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "cost_saving_years_cost_saving_id_year_pk" PRIMARY KEY("cost_saving_id","year")
);
--> statement-breakpoint
CREATE TABLE "cost_savings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"rfx_or_opportunity_name" text NOT NULL,
	"winner_vendor_name" text NOT NULL,
	"business_category" text NOT NULL,
	"procurement_type" text NOT NULL,
	"supplier_status" text NOT NULL,
	"current_contract_amount" numeric(14, 2) NOT NULL,
	"current_spend_per_item" numeric(14, 2) NOT NULL,
	"newly_quoted_contract_amount" numeric(14, 2) NOT NULL,
	"newly_quoted_amount_per_time" numeric(14, 2) NOT NULL,
	"contract_years" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"vendor_diversity" text[] NOT NULL,
	"vendor_ethnicity" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_savings_dates_check" CHECK ("cost_savings"."start_date" <= "cost_savings"."end_date"),
	CONSTRAINT "cost_savings_contract_years_check" CHECK ("cost_savings"."contract_years" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "cost_saving_years" ADD CONSTRAINT "cost_saving_years_cost_saving_id_cost_savings_id_fk" FOREIGN KEY ("cost_saving_id") REFERENCES "public"."cost_savings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_saving_years" ADD CONSTRAINT "cost_saving_years_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_savings" ADD CONSTRAINT "cost_savings_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_savings" ADD CONSTRAINT "cost_savings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_saving_years_client_idx" ON "cost_saving_years" USING btree ("client_ref","year");--> statement-breakpoint
CREATE INDEX "cost_savings_client_idx" ON "cost_savings" USING btree ("client_ref","created_at");