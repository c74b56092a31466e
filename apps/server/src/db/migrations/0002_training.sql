CREATE TABLE "training_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text,
	"link_url" text,
	"content_type" text,
	"size_bytes" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_items_source_check" CHECK (("training_items"."source" = 'file' and "training_items"."storage_key" is not null and "training_items"."link_url" is null)
        or ("training_items"."source" = 'link' and "training_items"."link_url" is not null and "training_items"."storage_key" is null and "training_items"."type" = 'video'))
);
--> statement-breakpoint
ALTER TABLE "training_items" ADD CONSTRAINT "training_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_items_type_category_idx" ON "training_items" USING btree ("type",lower("category"));--> statement-breakpoint
CREATE UNIQUE INDEX "training_items_storage_key_key" ON "training_items" USING btree ("storage_key");