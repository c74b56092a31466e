-- Verified diversity (issue #21): identifiers to match spend to the directory, the certificates
-- an organisation keeps for directory suppliers, the agencies it recognises, its qualification
-- policy, and the remembered match of each of its vendors. Hand-written.
ALTER TABLE "supplier_directory" ADD COLUMN "uei" text;--> statement-breakpoint
ALTER TABLE "supplier_directory" ADD COLUMN "fein" text;--> statement-breakpoint
ALTER TABLE "spend_rows" ADD COLUMN "uei" text;--> statement-breakpoint
-- The same normalisation as normaliseSupplierName (packages/shared/src/suppliers.ts): lower case,
-- '&' as 'and', dots dropped, other punctuation as spaces, trailing legal-form words dropped.
CREATE OR REPLACE FUNCTION "supplier_name_key"(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT regexp_replace(
    btrim(regexp_replace(replace(replace(lower(name), '&', ' and '), '.', ''), '[^a-z0-9]+', ' ', 'g')),
    '( (inc|incorporated|llc|llp|lp|ltd|limited|corp|corporation|co|company|plc|pllc|pc))+$', '')
$$;--> statement-breakpoint
CREATE INDEX "supplier_directory_uei_idx" ON "supplier_directory" ("uei") WHERE "uei" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "supplier_directory_fein_idx" ON "supplier_directory" ("fein") WHERE "fein" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "supplier_directory_name_key_idx" ON "supplier_directory" (supplier_name_key("name"));--> statement-breakpoint
CREATE TABLE "certifying_agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "certifying_agencies" ADD CONSTRAINT "certifying_agencies_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certifying_agencies_name_key" ON "certifying_agencies" (coalesce("client_ref", 0), lower("name"));--> statement-breakpoint
INSERT INTO "certifying_agencies" ("client_ref", "name") VALUES
  (NULL, 'NMSDC'), (NULL, 'WBENC'), (NULL, 'NGLCC'), (NULL, 'NVBDC'), (NULL, 'Disability:IN'),
  (NULL, 'SBA'), (NULL, 'State agency'), (NULL, 'City agency'), (NULL, 'Self-certification');--> statement-breakpoint
CREATE TABLE "supplier_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"supplier_ref" integer NOT NULL,
	"diversity_type" text NOT NULL,
	"agency" text NOT NULL,
	"certificate_number" text,
	"issue_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"status_date" date,
	"document_key" text,
	"document_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_certificates_status_check" CHECK ("status" IN ('ACTIVE', 'SUSPENDED', 'DECERTIFIED')),
	CONSTRAINT "supplier_certificates_dates_check" CHECK ("issue_date" <= "expiry_date")
);--> statement-breakpoint
ALTER TABLE "supplier_certificates" ADD CONSTRAINT "supplier_certificates_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_certificates" ADD CONSTRAINT "supplier_certificates_supplier_ref_supplier_directory_id_fk" FOREIGN KEY ("supplier_ref") REFERENCES "public"."supplier_directory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_certificates_supplier_idx" ON "supplier_certificates" ("client_ref", "supplier_ref");--> statement-breakpoint
CREATE INDEX "supplier_certificates_expiry_idx" ON "supplier_certificates" ("client_ref", "expiry_date");--> statement-breakpoint
CREATE TABLE "certificate_policies" (
	"client_ref" integer PRIMARY KEY NOT NULL,
	"accepted_agencies" text[],
	"accept_self_certified" boolean DEFAULT false NOT NULL,
	"grace_months" integer DEFAULT 0 NOT NULL,
	"expiring_window_days" integer DEFAULT 90 NOT NULL,
	"counting_rule" text DEFAULT 'REPORTED' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_policies_grace_check" CHECK ("grace_months" BETWEEN 0 AND 12),
	CONSTRAINT "certificate_policies_window_check" CHECK ("expiring_window_days" BETWEEN 1 AND 365),
	CONSTRAINT "certificate_policies_rule_check" CHECK ("counting_rule" IN ('REPORTED', 'VERIFIED'))
);--> statement-breakpoint
ALTER TABLE "certificate_policies" ADD CONSTRAINT "certificate_policies_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "vendor_matches" (
	"client_ref" integer NOT NULL,
	"supplier_key" text NOT NULL,
	"vendor_name" text NOT NULL,
	"supplier_ref" integer,
	"rule" text NOT NULL,
	"score" integer NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_matches_pkey" PRIMARY KEY ("client_ref", "supplier_key")
);--> statement-breakpoint
ALTER TABLE "vendor_matches" ADD CONSTRAINT "vendor_matches_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_matches" ADD CONSTRAINT "vendor_matches_supplier_ref_supplier_directory_id_fk" FOREIGN KEY ("supplier_ref") REFERENCES "public"."supplier_directory"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_matches_supplier_idx" ON "vendor_matches" ("client_ref", "supplier_ref");
--> statement-breakpoint
CREATE TABLE "certificate_digest_log" (
	"certificate_ref" integer NOT NULL,
	"client_ref" integer NOT NULL,
	"notice" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_digest_log_pkey" PRIMARY KEY ("certificate_ref", "notice")
);--> statement-breakpoint
ALTER TABLE "certificate_digest_log" ADD CONSTRAINT "certificate_digest_log_certificate_ref_supplier_certificates_id_fk" FOREIGN KEY ("certificate_ref") REFERENCES "public"."supplier_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_digest_log" ADD CONSTRAINT "certificate_digest_log_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
