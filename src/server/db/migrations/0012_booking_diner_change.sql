-- A diner's last change of their validated booking (before and after), for the staff book's card.
ALTER TABLE "bookings" ADD COLUMN "diner_change" jsonb;