CREATE TABLE "tier2_primes" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_client_ref" integer NOT NULL,
	"prime_client_ref" integer NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"breakdown" text DEFAULT 'NONE' NOT NULL,
	"first_year" integer NOT NULL,
	"first_quarter" integer NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tier2_reminder_log" (
	"prime_ref" integer NOT NULL,
	"year" integer NOT NULL,
	"quarter" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier2_reminder_log_prime_ref_year_quarter_kind_pk" PRIMARY KEY("prime_ref","year","quarter","kind")
);
--> statement-breakpoint
CREATE TABLE "tier2_report_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_ref" integer NOT NULL,
	"kind" text NOT NULL,
	"diversity_type" text NOT NULL,
	"segment" text DEFAULT '' NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tier2_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"prime_ref" integer NOT NULL,
	"year" integer NOT NULL,
	"quarter" integer NOT NULL,
	"total_revenue" numeric(14, 2) NOT NULL,
	"buyer_revenue" numeric(14, 2) NOT NULL,
	"source" text NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tier2_primes" ADD CONSTRAINT "tier2_primes_buyer_client_ref_clients_id_fk" FOREIGN KEY ("buyer_client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier2_primes" ADD CONSTRAINT "tier2_primes_prime_client_ref_clients_id_fk" FOREIGN KEY ("prime_client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier2_primes" ADD CONSTRAINT "tier2_primes_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier2_reminder_log" ADD CONSTRAINT "tier2_reminder_log_prime_ref_tier2_primes_id_fk" FOREIGN KEY ("prime_ref") REFERENCES "public"."tier2_primes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier2_report_lines" ADD CONSTRAINT "tier2_report_lines_report_ref_tier2_reports_id_fk" FOREIGN KEY ("report_ref") REFERENCES "public"."tier2_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier2_reports" ADD CONSTRAINT "tier2_reports_prime_ref_tier2_primes_id_fk" FOREIGN KEY ("prime_ref") REFERENCES "public"."tier2_primes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier2_reports" ADD CONSTRAINT "tier2_reports_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tier2_primes_buyer_prime_key" ON "tier2_primes" USING btree ("buyer_client_ref","prime_client_ref");--> statement-breakpoint
CREATE INDEX "tier2_primes_prime_idx" ON "tier2_primes" USING btree ("prime_client_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "tier2_report_lines_key" ON "tier2_report_lines" USING btree ("report_ref","kind","diversity_type","segment");--> statement-breakpoint
CREATE UNIQUE INDEX "tier2_reports_quarter_key" ON "tier2_reports" USING btree ("prime_ref","year","quarter");