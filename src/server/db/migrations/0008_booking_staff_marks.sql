-- The restaurant's bookkeeping beside the spec's statuses: arrival, no-show, and staff's private note.
ALTER TABLE "bookings" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "staff_note" text DEFAULT '' NOT NULL;