CREATE TABLE "diversity_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"category" text,
	"event_name" text NOT NULL,
	"city" text,
	"state" text,
	"attendance" integer,
	"exhibitor" integer,
	"start_date" date NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diversity_events_type_check" CHECK ("diversity_events"."event_type" in ('Trade', 'Conference', 'Consumers'))
);
--> statement-breakpoint
CREATE TABLE "supplier_directory" (
	"id" serial PRIMARY KEY NOT NULL,
	"duns" text NOT NULL,
	"name" text NOT NULL,
	"supplier_dba_name" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state_or_province" text,
	"zip" text,
	"country" text,
	"business_start_date" date,
	"website_url" text,
	"business_contact_name" text,
	"business_contact_title" text,
	"business_contact_phone" text,
	"business_contact_email" text,
	"alternate_contact_name" text,
	"alternate_contact_title" text,
	"alternate_contact_phone" text,
	"alternate_contact_email" text,
	"minority_owned_status" text,
	"wbe_status" text,
	"vbe_status" text,
	"sdvbe_status" text,
	"dobe_status" text,
	"dbe_status" text,
	"primary_naics_code" text,
	"primary_naics_description" text,
	"additional_naics_codes" text,
	"additional_naics_description" text,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"industry" text,
	"tulip_validated" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diversity_events" ADD CONSTRAINT "diversity_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diversity_events_identity_key" ON "diversity_events" USING btree ("event_type",lower("event_name"),"start_date");--> statement-breakpoint
CREATE INDEX "diversity_events_type_date_idx" ON "diversity_events" USING btree ("event_type","start_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_directory_duns_key" ON "supplier_directory" USING btree ("duns");--> statement-breakpoint
CREATE INDEX "supplier_directory_duns_prefix_idx" ON "supplier_directory" USING btree ("duns" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_name_idx" ON "supplier_directory" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_dba_idx" ON "supplier_directory" USING btree (lower("supplier_dba_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_city_idx" ON "supplier_directory" USING btree (lower("city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_state_idx" ON "supplier_directory" USING btree ("state_or_province",lower("name"));--> statement-breakpoint
CREATE INDEX "supplier_directory_zip_idx" ON "supplier_directory" USING btree ("zip" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_industry_idx" ON "supplier_directory" USING btree (lower("industry") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_business_phone_idx" ON "supplier_directory" USING btree ("business_contact_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_alternate_phone_idx" ON "supplier_directory" USING btree ("alternate_contact_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_certifications_idx" ON "supplier_directory" USING gin ("certifications");--> statement-breakpoint
CREATE INDEX "supplier_directory_sort_idx" ON "supplier_directory" USING btree (lower("name"),"id");