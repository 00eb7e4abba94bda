/** Live updates: the Pusher options GET /api/realtime/config returns and what UpdateBooking carries. */
import type { BookingStatusCode } from '../booking-status.ts';
import type { ApiSuccess } from './common.ts';

/**
 * Options a browser passes to `new Pusher(key, options)`. In embedded mode without a public host there is no wsHost:
 * the browser must use its own `location.hostname`/`location.port` (pusher-js would otherwise dial pusher.com).
 */
export interface RealtimeClientConfig {
  key: string;
  cluster: string;
  /** Absent in embedded mode: the browser uses the site's own host. */
  wsHost?: string;
  wsPort?: number;
  /** pusher-js reads this port instead of wsPort when it uses TLS. */
  wssPort?: number;
  forceTLS: boolean;
  enabledTransports: string[];
}

/** GET /api/realtime/config: the options for `new Pusher(key, options)`. */
export interface RealtimeConfigResponse extends ApiSuccess, RealtimeClientConfig {}

/** What UpdateBooking carries on booking.{token}; a hint to reload, not the booking itself. */
export interface BookingUpdateEvent {
  token: string;
  status: BookingStatusCode | null;
  ref: string;
  /** The booking's revision after the change. */
  revision: number;
  updatedAt: string;
}

/** The public channel a merchant's booking pages follow its availability on: `availability.{slug}`. */
export function availabilityChannelName(slug: string): string {
  return `availability.${slug}`;
}

/** Announced on availability.{slug} when staff close or reopen something: pages showing times read them again. */
export const UPDATE_AVAILABILITY_EVENT = 'UpdateAvailability';

/**
 * What UpdateAvailability carries, a hint to reload: the merchant-local day whose closings changed, or (`definition`,
 * no day) a saved definition whose hours, closed days, special days or booking rules changed.
 */
export interface AvailabilityUpdateEvent {
  day: string | null;
  action: 'created' | 'deleted' | 'definition';
  updatedAt: string;
}
