CREATE TABLE "spend_file_keys" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"client_ref" integer NOT NULL,
	"row_keys" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spend_file_keys" ADD CONSTRAINT "spend_file_keys_file_id_spend_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."spend_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_file_keys" ADD CONSTRAINT "spend_file_keys_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;