-- Cheaper analyses of the busy tables, which embedded PGlite's upkeep runs between the API's statements
-- (table-upkeep.ts; PostgreSQL's autovacuum runs them too). An analysis samples 300 rows per unit of its columns'
-- largest statistics target (100 by default: 30,000 rows) and computes every column's statistics over them.
-- No statistics for the payloads no statement filters, joins or sorts on: a job's, a message's data, errors, a
-- booking's comment, change request and notes (a message's data was about two thirds of the outbox's analysis), nor
-- for a booking's secrets and reference, each found through a unique index, which tells the planner all it needs.
ALTER TABLE "jobs" ALTER COLUMN "payload" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "last_error" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "messages_outbox" ALTER COLUMN "data" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "messages_outbox" ALTER COLUMN "last_error" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "comment" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "diner_change" SET STATISTICS 0, ALTER COLUMN "staff_note" SET STATISTICS 0, ALTER COLUMN "cancel_reason" SET STATISTICS 0, ALTER COLUMN "cancel_message" SET STATISTICS 0, ALTER COLUMN "joined_table_ids" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "token" SET STATISTICS 0, ALTER COLUMN "manage_key" SET STATISTICS 0, ALTER COLUMN "ref" SET STATISTICS 0;--> statement-breakpoint
-- The queues, jobs and the outbox, are read by primary key, by a partial index in its order or by a unique key, plans
-- that need no fine statistics: a tenth of the default target, a 3,000-row sample (an analysis about ten times cheaper).
ALTER TABLE "jobs" ALTER COLUMN "id" SET STATISTICS 10, ALTER COLUMN "kind" SET STATISTICS 10, ALTER COLUMN "unique_key" SET STATISTICS 10, ALTER COLUMN "state" SET STATISTICS 10, ALTER COLUMN "run_at" SET STATISTICS 10, ALTER COLUMN "attempts" SET STATISTICS 10, ALTER COLUMN "max_attempts" SET STATISTICS 10, ALTER COLUMN "locked_until" SET STATISTICS 10, ALTER COLUMN "locked_by" SET STATISTICS 10, ALTER COLUMN "created_at" SET STATISTICS 10, ALTER COLUMN "updated_at" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "messages_outbox" ALTER COLUMN "id" SET STATISTICS 10, ALTER COLUMN "merchant_id" SET STATISTICS 10, ALTER COLUMN "booking_id" SET STATISTICS 10, ALTER COLUMN "kind" SET STATISTICS 10, ALTER COLUMN "subject" SET STATISTICS 10, ALTER COLUMN "revision" SET STATISTICS 10, ALTER COLUMN "slot" SET STATISTICS 10, ALTER COLUMN "channel" SET STATISTICS 10, ALTER COLUMN "recipient" SET STATISTICS 10, ALTER COLUMN "lang" SET STATISTICS 10, ALTER COLUMN "state" SET STATISTICS 10, ALTER COLUMN "attempts" SET STATISTICS 10, ALTER COLUMN "sent_at" SET STATISTICS 10, ALTER COLUMN "created_at" SET STATISTICS 10, ALTER COLUMN "updated_at" SET STATISTICS 10;
