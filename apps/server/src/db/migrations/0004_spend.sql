CREATE TABLE "supplier_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_key" text NOT NULL,
	"duns" text,
	"supplier_name" text NOT NULL,
	"rated_by" integer NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_ratings_rating_check" CHECK ("supplier_ratings"."rating" between 0.5 and 5)
);
--> statement-breakpoint
CREATE TABLE "spend_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" integer,
	"row_count" integer DEFAULT 0 NOT NULL,
	"total_spend" numeric(16, 2) DEFAULT '0' NOT NULL,
	"first_payment_date" date,
	"last_payment_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spend_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"file_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"vendor_id" text,
	"vendor_name" text NOT NULL,
	"duns" text,
	"supplier_key" text NOT NULL,
	"spend" numeric(14, 2) NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip" text,
	"country" text,
	"fein" text,
	"ethnicity_category" text,
	"diversity" text[] NOT NULL,
	"is_diverse" boolean NOT NULL,
	"payment_date" date NOT NULL,
	"paying_cost_center" text,
	"paying_division" text,
	"payment_contract_number" text,
	"category" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_ratings" ADD CONSTRAINT "supplier_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_files" ADD CONSTRAINT "spend_files_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_files" ADD CONSTRAINT "spend_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rows" ADD CONSTRAINT "spend_rows_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rows" ADD CONSTRAINT "spend_rows_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_ratings_rater_key" ON "supplier_ratings" USING btree ("supplier_key","rated_by");--> statement-breakpoint
CREATE INDEX "supplier_ratings_supplier_idx" ON "supplier_ratings" USING btree ("supplier_key","created_at");--> statement-breakpoint
CREATE INDEX "spend_files_client_idx" ON "spend_files" USING btree ("client_ref","created_at");--> statement-breakpoint
CREATE INDEX "spend_rows_file_idx" ON "spend_rows" USING btree ("client_ref","file_id","payment_date");--> statement-breakpoint
CREATE INDEX "spend_rows_supplier_idx" ON "spend_rows" USING btree ("client_ref","supplier_key");--> statement-breakpoint
CREATE INDEX "spend_rows_category_idx" ON "spend_rows" USING btree ("client_ref","category");--> statement-breakpoint
CREATE INDEX "spend_rows_state_idx" ON "spend_rows" USING btree ("client_ref","state");--> statement-breakpoint
CREATE INDEX "spend_rows_duns_idx" ON "spend_rows" USING btree ("duns") WHERE "spend_rows"."duns" is not null;