-- The verified rollups (domain/verified-rollups.ts) and the entries that say which of them miss a
-- change. Generated, then the triggers below added by hand: every write of a certificate, a
-- vendor's match or a policy, by whatever path (a form, an upload, a supplier's deletion
-- cascading), leaves its entries in verified_changes in its own transaction. Organisations
-- without a verified_refreshed row get their rollups built whole on their first verified figure:
-- no backfill here.
CREATE TABLE "verified_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"supplier_key" text,
	"whole" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_refreshed" (
	"client_ref" integer PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_rollup_certificates" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"supplier_key" text NOT NULL,
	"certificate_ref" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_rollup_suppliers" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"supplier_key" text NOT NULL,
	"category" text NOT NULL,
	"types" text[] NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_rollups" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"supplier_key" text NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"types" text[] NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verified_changes" ADD CONSTRAINT "verified_changes_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_refreshed" ADD CONSTRAINT "verified_refreshed_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_rollup_certificates" ADD CONSTRAINT "verified_rollup_certificates_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_rollup_certificates" ADD CONSTRAINT "verified_rollup_certificates_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_rollup_certificates" ADD CONSTRAINT "verified_rollup_certificates_certificate_ref_supplier_certificates_id_fk" FOREIGN KEY ("certificate_ref") REFERENCES "public"."supplier_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_rollup_suppliers" ADD CONSTRAINT "verified_rollup_suppliers_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_rollup_suppliers" ADD CONSTRAINT "verified_rollup_suppliers_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_rollups" ADD CONSTRAINT "verified_rollups_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_rollups" ADD CONSTRAINT "verified_rollups_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verified_changes_client_idx" ON "verified_changes" USING btree ("client_ref");--> statement-breakpoint
CREATE INDEX "verified_rollup_certificates_file_idx" ON "verified_rollup_certificates" USING btree ("client_ref","file_id","supplier_key");--> statement-breakpoint
CREATE INDEX "verified_rollup_certificates_supplier_idx" ON "verified_rollup_certificates" USING btree ("client_ref","supplier_key");--> statement-breakpoint
CREATE INDEX "verified_rollup_suppliers_file_idx" ON "verified_rollup_suppliers" USING btree ("client_ref","file_id");--> statement-breakpoint
CREATE INDEX "verified_rollup_suppliers_supplier_idx" ON "verified_rollup_suppliers" USING btree ("client_ref","supplier_key");--> statement-breakpoint
CREATE INDEX "verified_rollups_file_idx" ON "verified_rollups" USING btree ("client_ref","file_id","month");--> statement-breakpoint
CREATE INDEX "verified_rollups_supplier_idx" ON "verified_rollups" USING btree ("client_ref","supplier_key");--> statement-breakpoint
CREATE INDEX "vendor_matches_directory_idx" ON "vendor_matches" USING btree ("supplier_ref");--> statement-breakpoint
-- A certificate's supplier: an entry for each vendor matched to it, of its owner or (a directory
-- certificate) of every organisation, whose rollups are built. Only the columns the rule reads
-- count as a change (a scanned document does not). The certificates' lock, held until the
-- transaction ends, is the one every writer of the rollups holds shared while it judges: either
-- the writer sees this change or this change sees the organisation's rollups built.
CREATE TYPE "verified_supplier" AS (client_ref int, supplier_ref int);--> statement-breakpoint
CREATE FUNCTION "verified_certificate_vendors"(changed verified_supplier[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO verified_changes (client_ref, supplier_key)
    SELECT DISTINCT m.client_ref, m.supplier_key
    FROM (SELECT DISTINCT c.client_ref, c.supplier_ref FROM unnest(changed) c) x
    JOIN vendor_matches m ON m.supplier_ref = x.supplier_ref
      AND (x.client_ref IS NULL OR m.client_ref = x.client_ref)
    JOIN verified_refreshed k ON k.client_ref = m.client_ref
$$;--> statement-breakpoint
CREATE FUNCTION "verified_certificates_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1448232516, 0);
  IF TG_OP = 'INSERT' THEN
    PERFORM verified_certificate_vendors(array(SELECT row(n.client_ref, n.supplier_ref)::verified_supplier FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM verified_certificate_vendors(array(SELECT row(o.client_ref, o.supplier_ref)::verified_supplier FROM old_rows o));
  ELSE
    PERFORM verified_certificate_vendors(array(
      SELECT row(x.client_ref, x.supplier_ref)::verified_supplier
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.client_ref, o.supplier_ref), (n.client_ref, n.supplier_ref))
          AS x(client_ref, supplier_ref)
      WHERE (o.client_ref, o.supplier_ref, o.diversity_type, o.agency, o.issue_date,
          o.expiry_date, o.status, o.status_date)
        IS DISTINCT FROM (n.client_ref, n.supplier_ref, n.diversity_type, n.agency, n.issue_date,
          n.expiry_date, n.status, n.status_date)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "supplier_certificates_verified_insert" AFTER INSERT ON "supplier_certificates"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "verified_certificates_changed"();--> statement-breakpoint
CREATE TRIGGER "supplier_certificates_verified_update" AFTER UPDATE ON "supplier_certificates"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "verified_certificates_changed"();--> statement-breakpoint
CREATE TRIGGER "supplier_certificates_verified_delete" AFTER DELETE ON "supplier_certificates"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "verified_certificates_changed"();--> statement-breakpoint
-- A vendor whose match changed (supplier, score or confirmation) or went. A new vendor needs no
-- entry: its first rows are those of the file being imported, whose verified groups the import
-- builds after matching, in the same transaction.
CREATE FUNCTION "verified_matches_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO verified_changes (client_ref, supplier_key)
      SELECT DISTINCT o.client_ref, o.supplier_key FROM old_rows o;
  ELSE
    INSERT INTO verified_changes (client_ref, supplier_key)
      SELECT DISTINCT n.client_ref, n.supplier_key
      FROM old_rows o JOIN new_rows n USING (client_ref, supplier_key)
      WHERE (o.supplier_ref, o.score, o.confirmed)
        IS DISTINCT FROM (n.supplier_ref, n.score, n.confirmed);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vendor_matches_verified_update" AFTER UPDATE ON "vendor_matches"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "verified_matches_changed"();--> statement-breakpoint
CREATE TRIGGER "vendor_matches_verified_delete" AFTER DELETE ON "vendor_matches"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "verified_matches_changed"();--> statement-breakpoint
-- A policy saved: every payment of the organisation is judged again (the counting rule and the
-- expiry window are no part of the judgement).
CREATE FUNCTION "verified_policy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (OLD.accepted_agencies, OLD.accept_self_certified, OLD.grace_months)
      IS DISTINCT FROM (NEW.accepted_agencies, NEW.accept_self_certified, NEW.grace_months) THEN
    INSERT INTO verified_changes (client_ref, whole) VALUES (NEW.client_ref, true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "certificate_policies_verified" AFTER INSERT OR UPDATE ON "certificate_policies"
  FOR EACH ROW EXECUTE FUNCTION "verified_policy_changed"();
