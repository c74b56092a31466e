CREATE TABLE "diversity_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"category" text,
	"event_name" text NOT NULL,
	"city" text,
	"state" text,
	"attendance" integer,
	"exhibitor" integer,
	"start_date" date NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diversity_events_type_check" CHECK ("diversity_events"."event_type" in ('Trade', 'Conference', 'Consumers'))
);
--> statement-breakpoint
ALTER TABLE "diversity_events" ADD CONSTRAINT "diversity_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diversity_events_identity_key" ON "diversity_events" USING btree ("event_type",lower("event_name"),"start_date");--> statement-breakpoint
CREATE INDEX "diversity_events_type_date_idx" ON "diversity_events" USING btree ("event_type","start_date","id");