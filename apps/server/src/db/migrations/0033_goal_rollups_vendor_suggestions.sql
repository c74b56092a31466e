-- The matching screen's suggestions kept per vendor (vendor_suggestions, db/schema/
-- supplier-matching.ts), and the Goals Dashboard's rollups without the vendor or the month (db/schema/goals.ts):
-- goal_rollups sums spend_rollups and goal_verified_rollups sums verified_rollups per file, month,
-- category and diversity (or verified type) set; goal_vendor_years sums spend_rollups per file,
-- fiscal year, vendor and category. Generated, then the triggers and the backfill below added by
-- hand: every statement that writes or deletes rollup rows, by whatever path (an import's COPY or
-- insert, a file's deletion cascading, a verified refresh judging vendors again), adds or
-- subtracts its rows' sums here in the same statement, so the goals read tables whose size does
-- not grow with the vendors (or the months) and are exactly as current as the rollups they sum.
CREATE TABLE "goal_rollups" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL,
	"diversity" text[] NOT NULL,
	"is_diverse" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_vendor_years" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"fiscal_year" integer NOT NULL,
	"supplier_key" text NOT NULL,
	"category" text NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_verified_rollups" (
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"spend" numeric(18, 2) NOT NULL,
	"row_count" integer NOT NULL,
	"types" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_suggestions" (
	"client_ref" integer NOT NULL,
	"supplier_key" text NOT NULL,
	"vendor_name" text NOT NULL,
	"supplier_refs" integer[] NOT NULL,
	"distances" real[] NOT NULL,
	CONSTRAINT "vendor_suggestions_pkey" PRIMARY KEY("client_ref","supplier_key")
);
--> statement-breakpoint
ALTER TABLE "goal_rollups" ADD CONSTRAINT "goal_rollups_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_rollups" ADD CONSTRAINT "goal_rollups_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_vendor_years" ADD CONSTRAINT "goal_vendor_years_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_vendor_years" ADD CONSTRAINT "goal_vendor_years_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_verified_rollups" ADD CONSTRAINT "goal_verified_rollups_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_verified_rollups" ADD CONSTRAINT "goal_verified_rollups_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_suggestions" ADD CONSTRAINT "vendor_suggestions_vendor_fk" FOREIGN KEY ("client_ref","supplier_key") REFERENCES "public"."vendor_matches"("client_ref","supplier_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goal_rollups_key" ON "goal_rollups" USING btree ("client_ref","month","file_id","category","diversity","is_diverse");--> statement-breakpoint
CREATE UNIQUE INDEX "goal_vendor_years_key" ON "goal_vendor_years" USING btree ("client_ref","fiscal_year","file_id","supplier_key","category");--> statement-breakpoint
CREATE UNIQUE INDEX "goal_verified_rollups_key" ON "goal_verified_rollups" USING btree ("client_ref","month","file_id","category","types");--> statement-breakpoint
CREATE FUNCTION "goal_fiscal_year"(month date, start_month int) RETURNS int
  LANGUAGE sql IMMUTABLE AS $$
  SELECT extract(year FROM month)::int
    + CASE WHEN start_month > 1 AND extract(month FROM month) >= start_month THEN 1 ELSE 0 END
$$;--> statement-breakpoint
-- The lock: an organisation's fiscal-year start month is read here and changed by the
-- settings (which take the lock exclusively and build goal_vendor_years again), so the two
-- never interleave. 1196376396 is 'GOAL'.
CREATE FUNCTION "goal_rollups_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1196376396, c.client_ref)
  FROM (SELECT DISTINCT client_ref FROM added ORDER BY 1) c;
  INSERT INTO goal_rollups AS g (client_ref, file_id, month, category, diversity, is_diverse, spend, row_count)
  SELECT client_ref, file_id, month, category, diversity, is_diverse, sum(spend), sum(row_count)
  FROM added
  GROUP BY client_ref, file_id, month, category, diversity, is_diverse
  ON CONFLICT (client_ref, month, file_id, category, diversity, is_diverse) DO UPDATE
    SET spend = g.spend + excluded.spend, row_count = g.row_count + excluded.row_count;
  INSERT INTO goal_vendor_years AS g (client_ref, file_id, fiscal_year, supplier_key, category, spend, row_count)
  SELECT r.client_ref, r.file_id,
      goal_fiscal_year(r.month, coalesce(s.fiscal_year_start_month, 1)) AS fiscal_year,
      r.supplier_key, r.category, sum(r.spend) AS spend, sum(r.row_count) AS row_count
    FROM added r
    LEFT JOIN organisation_settings s ON s.client_ref = r.client_ref
    GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (client_ref, fiscal_year, file_id, supplier_key, category) DO UPDATE
    SET spend = g.spend + excluded.spend, row_count = g.row_count + excluded.row_count;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A group whose rows are all gone (row_count 0) goes too: a rollup row always counts ≥ 1 row.
CREATE FUNCTION "goal_rollups_subtract"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1196376396, c.client_ref)
  FROM (SELECT DISTINCT client_ref FROM removed ORDER BY 1) c;
  UPDATE goal_rollups g SET spend = g.spend - d.spend, row_count = g.row_count - d.row_count
  FROM (
    SELECT client_ref, file_id, month, category, diversity, is_diverse, sum(spend) AS spend,
      sum(row_count) AS row_count
    FROM removed
    GROUP BY client_ref, file_id, month, category, diversity, is_diverse
  ) d
  WHERE g.client_ref = d.client_ref AND g.file_id = d.file_id AND g.month = d.month
    AND g.category = d.category AND g.diversity = d.diversity AND g.is_diverse = d.is_diverse;
  UPDATE goal_vendor_years g SET spend = g.spend - d.spend, row_count = g.row_count - d.row_count
  FROM (
    SELECT r.client_ref, r.file_id,
      goal_fiscal_year(r.month, coalesce(s.fiscal_year_start_month, 1)) AS fiscal_year,
      r.supplier_key, r.category, sum(r.spend) AS spend, sum(r.row_count) AS row_count
    FROM removed r
    LEFT JOIN organisation_settings s ON s.client_ref = r.client_ref
    GROUP BY 1, 2, 3, 4, 5
  ) d
  WHERE g.client_ref = d.client_ref AND g.fiscal_year = d.fiscal_year AND g.file_id = d.file_id
    AND g.supplier_key = d.supplier_key AND g.category = d.category;
  DELETE FROM goal_rollups g
  USING (SELECT DISTINCT client_ref, file_id FROM removed) f
  WHERE g.client_ref = f.client_ref AND g.file_id = f.file_id AND g.row_count <= 0;
  DELETE FROM goal_vendor_years g
  USING (SELECT DISTINCT client_ref, file_id FROM removed) f
  WHERE g.client_ref = f.client_ref AND g.file_id = f.file_id AND g.row_count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "goal_rollups_replace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1196376396, c.client_ref)
  FROM (SELECT DISTINCT client_ref FROM removed ORDER BY 1) c;
  PERFORM pg_advisory_xact_lock_shared(1196376396, c.client_ref)
  FROM (SELECT DISTINCT client_ref FROM added ORDER BY 1) c;
  UPDATE goal_rollups g SET spend = g.spend - d.spend, row_count = g.row_count - d.row_count
  FROM (
    SELECT client_ref, file_id, month, category, diversity, is_diverse, sum(spend) AS spend,
      sum(row_count) AS row_count
    FROM removed
    GROUP BY client_ref, file_id, month, category, diversity, is_diverse
  ) d
  WHERE g.client_ref = d.client_ref AND g.file_id = d.file_id AND g.month = d.month
    AND g.category = d.category AND g.diversity = d.diversity AND g.is_diverse = d.is_diverse;
  UPDATE goal_vendor_years g SET spend = g.spend - d.spend, row_count = g.row_count - d.row_count
  FROM (
    SELECT r.client_ref, r.file_id,
      goal_fiscal_year(r.month, coalesce(s.fiscal_year_start_month, 1)) AS fiscal_year,
      r.supplier_key, r.category, sum(r.spend) AS spend, sum(r.row_count) AS row_count
    FROM removed r
    LEFT JOIN organisation_settings s ON s.client_ref = r.client_ref
    GROUP BY 1, 2, 3, 4, 5
  ) d
  WHERE g.client_ref = d.client_ref AND g.fiscal_year = d.fiscal_year AND g.file_id = d.file_id
    AND g.supplier_key = d.supplier_key AND g.category = d.category;
  INSERT INTO goal_rollups AS g (client_ref, file_id, month, category, diversity, is_diverse, spend, row_count)
  SELECT client_ref, file_id, month, category, diversity, is_diverse, sum(spend), sum(row_count)
  FROM added
  GROUP BY client_ref, file_id, month, category, diversity, is_diverse
  ON CONFLICT (client_ref, month, file_id, category, diversity, is_diverse) DO UPDATE
    SET spend = g.spend + excluded.spend, row_count = g.row_count + excluded.row_count;
  INSERT INTO goal_vendor_years AS g (client_ref, file_id, fiscal_year, supplier_key, category, spend, row_count)
  SELECT r.client_ref, r.file_id,
      goal_fiscal_year(r.month, coalesce(s.fiscal_year_start_month, 1)) AS fiscal_year,
      r.supplier_key, r.category, sum(r.spend) AS spend, sum(r.row_count) AS row_count
    FROM added r
    LEFT JOIN organisation_settings s ON s.client_ref = r.client_ref
    GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (client_ref, fiscal_year, file_id, supplier_key, category) DO UPDATE
    SET spend = g.spend + excluded.spend, row_count = g.row_count + excluded.row_count;
  DELETE FROM goal_rollups g
  USING (SELECT DISTINCT client_ref, file_id FROM removed) f
  WHERE g.client_ref = f.client_ref AND g.file_id = f.file_id AND g.row_count <= 0;
  DELETE FROM goal_vendor_years g
  USING (SELECT DISTINCT client_ref, file_id FROM removed) f
  WHERE g.client_ref = f.client_ref AND g.file_id = f.file_id AND g.row_count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "goal_rollups_insert" AFTER INSERT ON "spend_rollups"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "goal_rollups_add"();--> statement-breakpoint
CREATE TRIGGER "goal_rollups_delete" AFTER DELETE ON "spend_rollups"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "goal_rollups_subtract"();--> statement-breakpoint
CREATE TRIGGER "goal_rollups_update" AFTER UPDATE ON "spend_rollups"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "goal_rollups_replace"();--> statement-breakpoint
CREATE FUNCTION "goal_verified_rollups_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO goal_verified_rollups AS g (client_ref, file_id, month, category, types, spend, row_count)
  SELECT client_ref, file_id, month, category, types, sum(spend), sum(row_count)
  FROM added
  GROUP BY client_ref, file_id, month, category, types
  ON CONFLICT (client_ref, month, file_id, category, types) DO UPDATE
    SET spend = g.spend + excluded.spend, row_count = g.row_count + excluded.row_count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "goal_verified_rollups_subtract"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE goal_verified_rollups g SET spend = g.spend - d.spend, row_count = g.row_count - d.row_count
  FROM (
    SELECT client_ref, file_id, month, category, types, sum(spend) AS spend,
      sum(row_count) AS row_count
    FROM removed
    GROUP BY client_ref, file_id, month, category, types
  ) d
  WHERE g.client_ref = d.client_ref AND g.file_id = d.file_id AND g.month = d.month
    AND g.category = d.category AND g.types = d.types;
  DELETE FROM goal_verified_rollups g
  USING (SELECT DISTINCT client_ref, file_id FROM removed) f
  WHERE g.client_ref = f.client_ref AND g.file_id = f.file_id AND g.row_count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "goal_verified_rollups_replace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE goal_verified_rollups g SET spend = g.spend - d.spend, row_count = g.row_count - d.row_count
  FROM (
    SELECT client_ref, file_id, month, category, types, sum(spend) AS spend,
      sum(row_count) AS row_count
    FROM removed
    GROUP BY client_ref, file_id, month, category, types
  ) d
  WHERE g.client_ref = d.client_ref AND g.file_id = d.file_id AND g.month = d.month
    AND g.category = d.category AND g.types = d.types;
  INSERT INTO goal_verified_rollups AS g (client_ref, file_id, month, category, types, spend, row_count)
  SELECT client_ref, file_id, month, category, types, sum(spend), sum(row_count)
  FROM added
  GROUP BY client_ref, file_id, month, category, types
  ON CONFLICT (client_ref, month, file_id, category, types) DO UPDATE
    SET spend = g.spend + excluded.spend, row_count = g.row_count + excluded.row_count;
  DELETE FROM goal_verified_rollups g
  USING (SELECT DISTINCT client_ref, file_id FROM removed) f
  WHERE g.client_ref = f.client_ref AND g.file_id = f.file_id AND g.row_count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "goal_verified_rollups_insert" AFTER INSERT ON "verified_rollups"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "goal_verified_rollups_add"();--> statement-breakpoint
CREATE TRIGGER "goal_verified_rollups_delete" AFTER DELETE ON "verified_rollups"
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "goal_verified_rollups_subtract"();--> statement-breakpoint
CREATE TRIGGER "goal_verified_rollups_update" AFTER UPDATE ON "verified_rollups"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "goal_verified_rollups_replace"();--> statement-breakpoint
-- TRUNCATE carries no rows to subtract: the sums of a truncated table go whole.
CREATE FUNCTION "goal_rollups_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'spend_rollups' THEN
    DELETE FROM goal_rollups;
    DELETE FROM goal_vendor_years;
  ELSE
    DELETE FROM goal_verified_rollups;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "goal_rollups_truncate" AFTER TRUNCATE ON "spend_rollups"
  FOR EACH STATEMENT EXECUTE FUNCTION "goal_rollups_truncate"();--> statement-breakpoint
CREATE TRIGGER "goal_verified_rollups_truncate" AFTER TRUNCATE ON "verified_rollups"
  FOR EACH STATEMENT EXECUTE FUNCTION "goal_rollups_truncate"();--> statement-breakpoint
-- The files that exist already.
INSERT INTO goal_rollups (client_ref, file_id, month, category, diversity, is_diverse, spend, row_count)
SELECT client_ref, file_id, month, category, diversity, is_diverse, sum(spend), sum(row_count)
FROM spend_rollups
GROUP BY client_ref, file_id, month, category, diversity, is_diverse;--> statement-breakpoint
INSERT INTO goal_verified_rollups (client_ref, file_id, month, category, types, spend, row_count)
SELECT client_ref, file_id, month, category, types, sum(spend), sum(row_count)
FROM verified_rollups
GROUP BY client_ref, file_id, month, category, types;--> statement-breakpoint
INSERT INTO goal_vendor_years (client_ref, file_id, fiscal_year, supplier_key, category, spend, row_count)
SELECT r.client_ref, r.file_id,
      goal_fiscal_year(r.month, coalesce(s.fiscal_year_start_month, 1)) AS fiscal_year,
      r.supplier_key, r.category, sum(r.spend) AS spend, sum(r.row_count) AS row_count
    FROM spend_rollups r
    LEFT JOIN organisation_settings s ON s.client_ref = r.client_ref
    GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
-- Any change to the directory's names may change any vendor's nearest names: the suggestions go,
-- to be found again. The lock ('SUGG'), held until the change commits, is the one a search for
-- suggestions holds shared while it writes them: either the search sees this change or this
-- change sees (and deletes) what the search wrote.
CREATE FUNCTION "vendor_suggestions_directory_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1398097735, 0);
  DELETE FROM vendor_suggestions;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vendor_suggestions_directory_changed"
  AFTER INSERT OR DELETE OR UPDATE OF name OR TRUNCATE ON "supplier_directory"
  FOR EACH STATEMENT EXECUTE FUNCTION "vendor_suggestions_directory_changed"();
