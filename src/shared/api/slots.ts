/** The bookable times of a day, booking_slots/get. */
import type { ApiSuccess } from './common.ts';
import type { LocalTime } from '../local-time.ts';

/** One bookable time of a day. */
export interface Slot {
  /** Unix seconds. */
  timestamp: number;
  hour: LocalTime;
  available: boolean;
}

/** booking_slots/get. */
export interface BookingSlotsResponse extends ApiSuccess {
  slots: Slot[];
}
