/** The timestamp columns most tables carry. */
import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was made. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** When the row last changed (set by the writes that change it). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
