-- Reviewable match decisions (db/schema/verified-diversity.ts, vendor_matches): who decided a
-- vendor's match and when, the automatic rule the decision replaced and the verified spend it
-- moved; an id per vendor for its entries in the audit log. Existing rows get their ids in the
-- table's order; existing decisions keep no author (their columns stay null). Generated.
ALTER TABLE "vendor_matches" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_matches" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "vendor_matches" ADD COLUMN "decided_by_name" text;--> statement-breakpoint
ALTER TABLE "vendor_matches" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_matches" ADD COLUMN "replaced_rule" text;--> statement-breakpoint
ALTER TABLE "vendor_matches" ADD COLUMN "verified_moved" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "vendor_matches" ADD CONSTRAINT "vendor_matches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
