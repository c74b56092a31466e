CREATE TABLE "tier2_report_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_ref" integer NOT NULL,
	"total_revenue" numeric(14, 2) NOT NULL,
	"buyer_revenue" numeric(14, 2) NOT NULL,
	"source" text NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lines" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tier2_primes" ADD COLUMN "segments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tier2_report_versions" ADD CONSTRAINT "tier2_report_versions_report_ref_tier2_reports_id_fk" FOREIGN KEY ("report_ref") REFERENCES "public"."tier2_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier2_report_versions" ADD CONSTRAINT "tier2_report_versions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tier2_report_versions_report_idx" ON "tier2_report_versions" USING btree ("report_ref");--> statement-breakpoint
-- A prime that was asked per project or cost centre before the buyer listed names: its list is
-- what it already reported, so its next report passes the new rule.
UPDATE "tier2_primes" p SET "segments" = coalesce((
  SELECT array_agg(s.segment ORDER BY s.segment) FROM (
    SELECT DISTINCT l."segment" FROM "tier2_report_lines" l
    JOIN "tier2_reports" r ON r."id" = l."report_ref"
    WHERE r."prime_ref" = p."id" AND l."kind" = 'DIRECT' AND l."segment" <> ''
    LIMIT 100
  ) s
), '{}'::text[])
WHERE p."breakdown" <> 'NONE';--> statement-breakpoint
-- Tier 2 reporting becomes the supplier role's own permission (decision 0245). On an existing
-- installation the roles are there: the permission is granted as a fresh one would be (Supplier,
-- and the two platform roles, which hold every permission). On a new one the first start does it.
INSERT INTO "permissions" ("code", "kind") VALUES ('TIER2_REPORT', 'ACTION') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_code", "permission_code")
SELECT r."code", 'TIER2_REPORT' FROM "roles" r
WHERE r."code" IN ('ROLE_SUPPLIER', 'ROLE_SUPER_USER', 'ROLE_SUPER_ADMIN')
  AND EXISTS (SELECT 1 FROM "role_permissions")
ON CONFLICT DO NOTHING;
