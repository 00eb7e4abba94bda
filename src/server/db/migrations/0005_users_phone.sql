-- Validation looks up every booking of a phone number (phone-limits.ts); guests are one user per booking.
CREATE INDEX "users_phone" ON "users" USING btree ("phone");
