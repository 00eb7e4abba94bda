-- A merchant's description and booking text: one string, or one text per language ({"fr": "...", "en": "..."}).
-- json, not jsonb, so an object keeps its keys' order (the first language listed is read when the visitor's is
-- missing); every stored text becomes the same text as a JSON string.
ALTER TABLE "merchants" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "merchants" ALTER COLUMN "description" SET DATA TYPE json USING to_json("description");--> statement-breakpoint
ALTER TABLE "merchants" ALTER COLUMN "description" SET DEFAULT '""'::json;--> statement-breakpoint
ALTER TABLE "merchants" ALTER COLUMN "booking_description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "merchants" ALTER COLUMN "booking_description" SET DATA TYPE json USING to_json("booking_description");--> statement-breakpoint
ALTER TABLE "merchants" ALTER COLUMN "booking_description" SET DEFAULT '""'::json;
