-- What a restaurant's staff keep on its diners (the staff book's guest profile): tags, allergens and a note per merchant and diner.
CREATE TABLE "guest_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"guest_key" text NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"regular" boolean DEFAULT false NOT NULL,
	"seating" text DEFAULT '' NOT NULL,
	"allergens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_profiles" ADD CONSTRAINT "guest_profiles_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_profiles_key" ON "guest_profiles" USING btree ("merchant_id","guest_key");--> statement-breakpoint
CREATE INDEX "guest_profiles_merchant_updated" ON "guest_profiles" USING btree ("merchant_id","updated_at");
