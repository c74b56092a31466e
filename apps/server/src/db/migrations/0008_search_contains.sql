-- Search Supplier matches text anywhere in a value: trigram indexes (pg_trgm; PGlite loads it as a contrib extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "supplier_directory_name_idx";--> statement-breakpoint
DROP INDEX "supplier_directory_dba_idx";--> statement-breakpoint
DROP INDEX "supplier_directory_city_idx";--> statement-breakpoint
DROP INDEX "supplier_directory_industry_idx";--> statement-breakpoint
CREATE INDEX "supplier_directory_name_trgm_idx" ON "supplier_directory" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_dba_trgm_idx" ON "supplier_directory" USING gin (lower("supplier_dba_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_city_trgm_idx" ON "supplier_directory" USING gin (lower("city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supplier_directory_industry_trgm_idx" ON "supplier_directory" USING gin (lower("industry") gin_trgm_ops);