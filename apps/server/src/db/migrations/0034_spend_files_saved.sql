-- A spend file being imported is written in parts, each its own short transaction, so that other
-- organisations' queries run between them; until its last transaction sets `saved`, no read sees
-- the file or its rows (platform/sql.ts fileScope, docs/import.md). Existing files are saved.
ALTER TABLE "spend_files" ADD COLUMN "saved" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "spend_files_unsaved_idx" ON "spend_files" USING btree ("client_ref") WHERE not "spend_files"."saved";
