DROP INDEX "spend_rows_category_idx";--> statement-breakpoint
DROP INDEX "spend_rows_state_idx";--> statement-breakpoint
DROP INDEX "spend_rows_duns_idx";