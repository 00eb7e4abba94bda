-- One guard per table hold: since 0016 every table a booking holds (its table_id among them) is a row of
-- booking_tables, whose booking_tables_no_double_booking refuses overlapping holds of one table. The older
-- bookings_no_double_booking (0001) guarded the same table_id a second time, so every booking write kept two GiST
-- indexes; the database still refuses a double booking (SQLSTATE 23P01, raised by the trigger's insert), tested in
-- tests/proof.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_double_booking";
