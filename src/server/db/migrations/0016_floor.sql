-- The floor (issue 22): tables' online flag, priority and place on the plan; zones' combinations; every table a booking holds.
ALTER TABLE "dining_tables" ADD COLUMN "online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "priority" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "combinations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_priority" CHECK ("dining_tables"."priority" BETWEEN 0 AND 9);--> statement-breakpoint
CREATE TABLE "booking_tables" (
	"booking_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"holds_table" boolean NOT NULL,
	CONSTRAINT "booking_tables_booking_id_table_id_pk" PRIMARY KEY("booking_id","table_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "joined_table_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_tables" ADD CONSTRAINT "booking_tables_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tables" ADD CONSTRAINT "booking_tables_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A booking holds every table of its combination: booking_tables lists each table a booking holds (its table_id and
-- its joined_table_ids) with the booking's times, and no two holds of one table may overlap there, as
-- bookings_no_double_booking (0001) keeps for table_id. The trigger keeps it in step with every write of bookings, so
-- each existing write (move, cancel, finish, expire, a draft) frees or takes a combination's tables as a single one's.
ALTER TABLE "booking_tables" ADD CONSTRAINT "booking_tables_no_double_booking"
  EXCLUDE USING gist ("table_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("holds_table");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_joined_tables_apart" CHECK (NOT ("table_id" = ANY ("joined_table_ids")));
--> statement-breakpoint
INSERT INTO "booking_tables" ("booking_id", "table_id", "starts_at", "ends_at", "holds_table")
  SELECT "id", "table_id", "starts_at", "ends_at", "holds_table" FROM "bookings";
--> statement-breakpoint
CREATE FUNCTION "booking_tables_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.table_id = OLD.table_id AND NEW.joined_table_ids = OLD.joined_table_ids
     AND NEW.starts_at = OLD.starts_at AND NEW.ends_at = OLD.ends_at AND NEW.holds_table = OLD.holds_table THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM booking_tables WHERE booking_id = NEW.id AND table_id <> ALL (NEW.table_id || NEW.joined_table_ids);
  END IF;
  INSERT INTO booking_tables (booking_id, table_id, starts_at, ends_at, holds_table)
    SELECT DISTINCT NEW.id, held, NEW.starts_at, NEW.ends_at, NEW.holds_table FROM unnest(NEW.table_id || NEW.joined_table_ids) AS held
    -- In one order of tables, so two writers waiting on each other's tables cannot deadlock.
    ORDER BY held
    ON CONFLICT (booking_id, table_id) DO UPDATE
      SET starts_at = excluded.starts_at, ends_at = excluded.ends_at, holds_table = excluded.holds_table;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_tables_follow" AFTER INSERT OR UPDATE OF "table_id", "joined_table_ids", "starts_at", "ends_at", "holds_table"
  ON "bookings" FOR EACH ROW EXECUTE FUNCTION "booking_tables_follow"();
