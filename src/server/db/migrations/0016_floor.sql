-- The floor (issue 22): tables' online flag, priority and place on the plan; zones' combinations of tables.
ALTER TABLE "dining_tables" ADD COLUMN "online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "priority" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "combinations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_priority" CHECK ("dining_tables"."priority" BETWEEN 0 AND 9);
