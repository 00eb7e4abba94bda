-- Closings staff make (a whole day, one service of a day, or online booking stopped for a time range).
-- Apart from the definition's closed days, so a new import of the definition keeps them.
-- And the staff book's catch-up after a reconnect: a merchant's bookings changed since an instant.
-- And staff password reset links (single use, stored hashed), by staff email: one email may be staff of several merchants.
CREATE TABLE "merchant_closings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"local_date" text NOT NULL,
	"shift_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_closings_kind" CHECK ("kind" IN ('day', 'shift', 'range')),
	CONSTRAINT "merchant_closings_span" CHECK ("ends_at" > "starts_at")
);
--> statement-breakpoint
ALTER TABLE "merchant_closings" ADD CONSTRAINT "merchant_closings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_closings_merchant_end" ON "merchant_closings" USING btree ("merchant_id","ends_at");--> statement-breakpoint
CREATE INDEX "bookings_merchant_updated" ON "bookings" USING btree ("merchant_id","updated_at");--> statement-breakpoint
CREATE TABLE "staff_password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"lang" text DEFAULT 'fr' NOT NULL,
	"merchant_slug" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "staff_password_resets_email" ON "staff_password_resets" USING btree ("email");
