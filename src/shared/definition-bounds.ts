/**
 * The numeric bounds of a merchant definition's booking rules and tables: the import's validation
 * (src/server/domain/merchant-definition.ts) and the restaurant's settings form read the same numbers.
 */

/** The farthest booking horizon a definition may set: two years. */
export const MAX_BOOKING_HORIZON_DAYS = 730;

/** Each whole-number setting's smallest and largest value, inclusive. */
export const SETTING_BOUNDS = {
  minClientsPerBookings: [1, 100],
  maxClientsPerBookings: [1, 100],
  keepTableDuration: [0, 240],
  bookingDurationMinutes: [15, 720],
  slotIntervalMinutes: [5, 240],
  minLeadMinutes: [0, 10080],
  maxCoversPerSlot: [1, 10000],
  responseWindowMinutes: [1, 10080],
  bookingHorizonDays: [1, MAX_BOOKING_HORIZON_DAYS],
} as const satisfies Record<string, readonly [number, number]>;

/** A whole-number setting with bounds. */
export type BoundedSetting = keyof typeof SETTING_BOUNDS;

/** Hours before a booking a reminder may be sent, and how many reminders a definition may list. */
export const REMINDER_HOURS_BOUNDS = [1, 336] as const;
/** At most this many reminders. */
export const MAX_REMINDERS = 4;

/** Seats of one table, inclusive. */
export const TABLE_SEATS_BOUNDS = [1, 100] as const;
/** Longest table name, and longest zone name. */
export const NAME_MAX = { table: 30, zone: 60 } as const;
/** At most this many tables in a zone, combinations in a zone, tables in one combination, staff members in a definition, duration steps. */
export const LIST_MAX = { tables: 500, combinations: 200, combinedTables: 12, staff: 100, durationSteps: 20 } as const;

/** A table's priority: higher is given first among equally good fits (src/shared/floor.ts). */
export const TABLE_PRIORITY_BOUNDS = [0, 9] as const;
/** The priority of a table whose definition gives none. */
export const DEFAULT_TABLE_PRIORITY = 5;
/** A table's place on its zone's plan: x and y in percent of the plan's width and height. */
export const PLAN_PERCENT_BOUNDS = [0, 100] as const;
/** The shapes a table may take on the plan. */
export const TABLE_SHAPES = ['round', 'square', 'rect'] as const;

/** Whether a value is a whole number within [min, max]. */
export function isWholeIn(value: unknown, [min, max]: readonly [number, number]): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
