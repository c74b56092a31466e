-- Goals against actuals (issue #22): the organisation's fiscal-year start and non-addressable
-- categories, and its diverse-spend targets per fiscal year.
CREATE TABLE "organisation_settings" (
	"client_ref" integer PRIMARY KEY NOT NULL,
	"fiscal_year_start_month" smallint DEFAULT 1 NOT NULL,
	"non_addressable_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_settings_month" CHECK ("organisation_settings"."fiscal_year_start_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "spend_goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"fiscal_year" integer NOT NULL,
	"scope" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"target" numeric(5, 2) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spend_goals_target" CHECK ("spend_goals"."target" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_goals" ADD CONSTRAINT "spend_goals_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_goals" ADD CONSTRAINT "spend_goals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spend_goals_key" ON "spend_goals" USING btree ("client_ref","fiscal_year","scope",lower("name"));--> statement-breakpoint
CREATE INDEX "spend_goals_client_year_idx" ON "spend_goals" USING btree ("client_ref","fiscal_year");