DROP INDEX "spend_rows_file_idx";--> statement-breakpoint
CREATE INDEX "spend_rows_file_idx" ON "spend_rows" USING btree ("client_ref","file_id","line_number");