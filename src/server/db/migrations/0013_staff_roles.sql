-- Staff roles (owner, manager, host; rows made before roles are owners), the definition revision a staff edit must
-- have read, and the record of every definition change staff make (who, when, which fields, before and after).
CREATE TABLE "merchant_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"revision" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "definition_revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_changes" ADD CONSTRAINT "merchant_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_changes" ADD CONSTRAINT "merchant_changes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_changes_merchant_created" ON "merchant_changes" USING btree ("merchant_id","created_at");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role" CHECK ("staff"."role" IN ('host', 'manager', 'owner'));