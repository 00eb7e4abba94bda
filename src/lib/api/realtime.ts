/** Live booking updates: a pusher-js subscription to booking.{token} / UpdateBooking (spec section 4). */
import type PusherModule from 'pusher-js';
import type { Options } from 'pusher-js';
import { apiBaseUrl, apiGet, apiUrl } from './api-client.ts';
import type { BookingUpdateEvent, RealtimeConfigResponse } from '../../shared/api/realtime.ts';
import { getBearer } from '../platform/storage.ts';

// pusher-js is CommonJS typed as ESM: at runtime the default export is the class itself.
type PusherClass = typeof PusherModule.default;
type PusherClient = InstanceType<PusherClass>;

async function loadPusher(): Promise<PusherClass> {
  const loaded = (await import('pusher-js')) as unknown as { default: PusherClass | { default: PusherClass } };
  const exported = loaded.default;
  return typeof exported === 'function' ? exported : exported.default;
}

/** The event the tracking page reloads the booking on. */
export const UPDATE_BOOKING_EVENT = 'UpdateBooking';

/** The event the staff book reads its day again on: a closing made or removed (private-merchant.{id}). */
export const UPDATE_CLOSINGS_EVENT = 'UpdateClosings';

/** The event the staff book reads its day again on: a guest profile saved (the cards' badges). */
export const UPDATE_GUEST_EVENT = 'UpdateGuest';

/** The public channel of a booking. */
export function bookingChannelName(token: string): string {
  return `booking.${token}`;
}

/** GET /api/realtime/config: the options the server wants pusher-js to use. */
export function getRealtimeConfig(): Promise<RealtimeConfigResponse> {
  return apiGet<RealtimeConfigResponse>('/api/realtime/config', { bearer: null });
}

/** Where the page (or the API, when PUBLIC_API_URL points elsewhere) lives: what embedded mode dials. */
export interface SiteLocation {
  hostname: string;
  port: string;
  protocol: string;
}

/** The pusher-js options for a server config: embedded mode (no wsHost) dials the site's own host and never pusher.com. */
export function pusherOptions(config: RealtimeConfigResponse, site: SiteLocation, bearer: () => string | null = getBearer): Options {
  const embedded = !config.wsHost;
  const tls = embedded ? site.protocol === 'https:' : config.forceTLS;
  const defaultPort = tls ? 443 : 80;
  const sitePort = site.port ? Number(site.port) : defaultPort;
  const authorization: Options['channelAuthorization'] = {
    endpoint: apiUrl('/broadcasting/auth'),
    transport: 'ajax',
    headersProvider: (): Record<string, string> => {
      const token = bearer();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  };
  const transports = config.enabledTransports.filter((name): name is 'ws' | 'wss' => name === 'ws' || name === 'wss');
  return {
    cluster: config.cluster || 'eu',
    forceTLS: tls,
    enabledTransports: transports.length > 0 ? transports : ['ws', 'wss'],
    // Stats go to pusher.com: only worth sending when an external Pusher service is used.
    enableStats: !embedded,
    disableStats: embedded,
    channelAuthorization: authorization,
    ...(embedded
      ? { wsHost: site.hostname, wsPort: sitePort, wssPort: sitePort }
      : {
          wsHost: config.wsHost,
          ...(config.wsPort !== undefined ? { wsPort: config.wsPort } : {}),
          ...(config.wssPort !== undefined ? { wssPort: config.wssPort } : {}),
        }),
  };
}

/** Where embedded mode dials: the API's origin when PUBLIC_API_URL is set, else the page's. */
export function siteLocation(): SiteLocation {
  const base = apiBaseUrl();
  const url = new URL(base || globalThis.location.href);
  return { hostname: url.hostname, port: url.port, protocol: url.protocol };
}

/** What subscribeToBooking may be given instead of its defaults. */
export interface SubscribeOptions {
  fetchConfig?: () => Promise<RealtimeConfigResponse>;
  location?: SiteLocation;
  bearer?: () => string | null;
  /**
   * Called each time the channel is subscribed: the first time, and again after every reconnection (pusher-js
   * subscribes anew then). Events sent while not subscribed are lost, so a caller reads the state again here.
   */
  onSubscribed?: () => void;
  /** Called when the server refuses a private channel (the HTTP status of its auth answer). */
  onRefused?: (status: number) => void;
  /** Other events of the channel to listen to, by name (the staff book's UpdateClosings). */
  events?: Record<string, (data: unknown) => void>;
}

/** A live subscription; stop() disconnects. */
export interface BookingSubscription {
  stop(): void;
  /** Resolves when the channel is subscribed (rejects if the config cannot be read). */
  ready: Promise<void>;
}

/** Listens to UpdateBooking on booking.{token} and calls onUpdate for each event; pusher-js is loaded on first use. */
export function subscribeToBooking(token: string, onUpdate: (event: BookingUpdateEvent) => void, options: SubscribeOptions = {}): BookingSubscription {
  return subscribeToChannel(bookingChannelName(token), onUpdate, options);
}

/**
 * Listens to UpdateBooking on any channel: a booking's, or a private one (private-merchant.{id} for the staff book),
 * whose subscription /broadcasting/auth signs with the bearer `options.bearer` gives.
 */
export function subscribeToChannel(channelName: string, onUpdate: (event: BookingUpdateEvent) => void, options: SubscribeOptions = {}): BookingSubscription {
  let pusher: PusherClient | undefined;
  let stopped = false;
  let settle: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const subscribed = new Promise<void>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const ready = (async () => {
    const [config, Pusher] = await Promise.all([(options.fetchConfig ?? getRealtimeConfig)(), loadPusher()]);
    if (stopped) return;
    const client = new Pusher(config.key, pusherOptions(config, options.location ?? siteLocation(), options.bearer));
    pusher = client;
    const channel = client.subscribe(channelName);
    channel.bind(UPDATE_BOOKING_EVENT, (data: BookingUpdateEvent) => {
      if (!stopped) onUpdate(data);
    });
    for (const [name, onEvent] of Object.entries(options.events ?? {})) {
      channel.bind(name, (data: unknown) => {
        if (!stopped) onEvent(data);
      });
    }
    channel.bind('pusher:subscription_succeeded', () => {
      options.onSubscribed?.();
      settle();
    });
    // A private channel refused (signed out, another merchant's): the first subscription fails for good.
    channel.bind('pusher:subscription_error', (error: { status?: number }) => {
      options.onRefused?.(error?.status ?? 0);
      fail(new Error(`subscription to ${channelName} refused (${error?.status ?? 'no status'})`));
    });
    await subscribed;
  })();
  // A caller that never awaits ready must not see an unhandled rejection.
  ready.catch(() => undefined);
  return {
    ready,
    stop() {
      stopped = true;
      pusher?.disconnect();
      settle();
    },
  };
}
