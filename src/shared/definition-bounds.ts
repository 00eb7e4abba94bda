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
/** At most this many tables in a zone, and staff members in a definition. */
export const LIST_MAX = { tables: 500, staff: 100 } as const;

/** Whether a value is a whole number within [min, max]. */
export function isWholeIn(value: unknown, [min, max]: readonly [number, number]): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
