ALTER TABLE "supplier_certificates" ALTER COLUMN "client_ref" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "supplier_certificates_directory_idx" ON "supplier_certificates" USING btree ("supplier_ref") WHERE "supplier_certificates"."client_ref" is null;--> statement-breakpoint
ALTER TABLE "certificate_digest_log" DROP CONSTRAINT "certificate_digest_log_pkey";
--> statement-breakpoint
ALTER TABLE "certificate_digest_log" ADD CONSTRAINT "certificate_digest_log_pkey" PRIMARY KEY("certificate_ref","client_ref","notice");--> statement-breakpoint
-- The platform organisation's agencies become shared (a directory certificate may name them and
-- every organisation's policy may accept them), then its certificates — the supplier-list
-- upload's and those its admins added — become the directory's (client_ref null).
UPDATE "certifying_agencies" a SET "client_ref" = NULL
WHERE a."client_ref" IN (SELECT "id" FROM "clients" WHERE "type" = 'SUPER_ADMIN')
  AND a."id" = (
    SELECT min(b."id") FROM "certifying_agencies" b
    WHERE b."client_ref" IN (SELECT "id" FROM "clients" WHERE "type" = 'SUPER_ADMIN')
      AND lower(b."name") = lower(a."name")
  )
  AND NOT EXISTS (
    SELECT 1 FROM "certifying_agencies" s
    WHERE s."client_ref" IS NULL AND lower(s."name") = lower(a."name")
  );--> statement-breakpoint
UPDATE "supplier_certificates" SET "client_ref" = NULL
WHERE "client_ref" IN (SELECT "id" FROM "clients" WHERE "type" = 'SUPER_ADMIN');
