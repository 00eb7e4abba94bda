-- Special days (a Couvert extension of the definition): dates closed with a reason or opened with their own slots.
ALTER TABLE "merchants" ADD COLUMN "special_days" jsonb DEFAULT '[]'::jsonb NOT NULL;
