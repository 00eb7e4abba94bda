-- Every write of a booking increments its revision: live events carry it, and writes conditioned on it cannot lose a change.
ALTER TABLE "bookings" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;