-- The booking token only views; a second secret per booking, the manage key, manages it (docs/security.md).
-- Codes sent to a guest booking's phone and email prove that a new guest session is that diner's.
CREATE TABLE "identity_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "manage_key" text;--> statement-breakpoint
-- Existing bookings get a random key too: 32 hex characters (122 random bits) of a v4 UUID, on PGlite and PostgreSQL alike.
UPDATE "bookings" SET "manage_key" = replace(gen_random_uuid()::text, '-', '') WHERE "manage_key" IS NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "manage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_codes" ADD CONSTRAINT "identity_codes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_codes_booking" ON "identity_codes" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_manage_key_unique" UNIQUE("manage_key");
