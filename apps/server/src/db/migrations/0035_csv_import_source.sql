-- How a CSV spend upload is written (its delimiter and encoding), as the import detected it, kept
-- with the job so that the dialog and the imports list can show it; null for a workbook.
ALTER TABLE "import_jobs" ADD COLUMN "source" jsonb;
