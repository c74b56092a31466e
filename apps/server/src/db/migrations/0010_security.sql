CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"token_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_email_active_key";--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "purpose" text DEFAULT 'RECOVERY' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_in_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "revoked_tokens" ADD CONSTRAINT "revoked_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_throttles_window_ends_at_idx" ON "auth_throttles" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_at_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_client_email_key" ON "users" USING btree ("client_ref","email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_active_key" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null and not "users"."address_in_use";--> statement-breakpoint
UPDATE "password_resets" SET "purpose" = 'INVITATION' WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "password_hash" IS NULL);
