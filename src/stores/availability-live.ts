/**
 * The booking home follows its merchant's availability live: once a date is chosen and the diner has touched the page,
 * it joins availability.{slug} (pusher-js is loaded then, never before interaction: the page's first load stays light)
 * and, each time staff close or reopen something, reads the chosen date's zones and times again; a chosen time that
 * is no longer offered is let go. After a definition save that changed what is bookable (and at each re-subscription)
 * it reads the calendar's days again first (hours, closed days, special openings).
 */
import { listenKeys } from 'nanostores';
import { availabilityChannelName, UPDATE_AVAILABILITY_EVENT, type AvailabilityUpdateEvent } from '../shared/api/realtime.ts';
import type { BookingSubscription } from '../lib/api/realtime.ts';
import { $merchantSlug, reloadMerchantDays } from './merchant.ts';
import { $selection } from './selection.ts';
import { $slots, loadSlots, loadZones } from './slots.ts';

/** Reads the chosen date's zones and times again, and lets go of a chosen time no longer offered. */
export async function reloadAvailability(): Promise<void> {
  if (!$selection.get().date) return;
  await Promise.all([loadZones(), loadSlots()]);
  const chosen = $selection.get().slot;
  const offered = $slots.get().slots.some((slot) => slot.available && slot.timestamp === chosen?.timestamp);
  if (chosen && !offered && !$slots.get().loading) $selection.setKey('slot', null);
}

/** Reads again what an UpdateAvailability changed: after a definition save the calendar's days too, then the chosen date's times. */
export async function onAvailabilityUpdate(event: unknown): Promise<void> {
  if ((event as Partial<AvailabilityUpdateEvent> | null)?.action === 'definition') await reloadMerchantDays();
  await reloadAvailability();
}

/** What followAvailability may be given instead of its defaults (tests). */
export interface FollowOptions {
  subscribe?: (channel: string, onEvent: (event?: unknown) => void, onResubscribed: () => void) => BookingSubscription;
  /** The page's window, whose first pointer or key press counts as interaction. */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

async function defaultSubscribe(channel: string, onEvent: (event?: unknown) => void, onResubscribed: () => void): Promise<BookingSubscription> {
  const { subscribeToChannel } = await import('../lib/api/realtime.ts');
  let first = true;
  return subscribeToChannel(channel, () => {}, {
    events: { [UPDATE_AVAILABILITY_EVENT]: onEvent },
    // Events sent while the socket was down are lost: a re-subscription reads the times again.
    onSubscribed: () => {
      if (!first) onResubscribed();
      first = false;
    },
  });
}

/** Starts following once a date is chosen and the page was touched; returns the stop function. */
export function followAvailability(options: FollowOptions = {}): () => void {
  const target = options.target ?? globalThis;
  let interacted = false;
  let stopped = false;
  let subscription: Promise<BookingSubscription> | undefined;
  let channel: string | undefined;

  const maybeStart = () => {
    const slug = $merchantSlug.get();
    if (stopped || !interacted || !slug || !$selection.get().date || channel === availabilityChannelName(slug)) return;
    void subscription?.then((running) => running.stop());
    channel = availabilityChannelName(slug);
    const onEvent = (event?: unknown) => void onAvailabilityUpdate(event);
    // Events sent while the socket was down are lost: the days may have changed too.
    const reload = () => void onAvailabilityUpdate({ action: 'definition' });
    subscription = options.subscribe ? Promise.resolve(options.subscribe(channel, onEvent, reload)) : defaultSubscribe(channel, onEvent, reload);
    subscription.catch(() => undefined);
  };
  const onInteraction = () => {
    interacted = true;
    for (const name of INTERACTIONS) target.removeEventListener(name, onInteraction);
    maybeStart();
  };
  for (const name of INTERACTIONS) target.addEventListener(name, onInteraction, { passive: true } as AddEventListenerOptions);
  const stopDate = listenKeys($selection, ['date'], maybeStart);
  return () => {
    stopped = true;
    stopDate();
    for (const name of INTERACTIONS) target.removeEventListener(name, onInteraction);
    void subscription?.then((running) => running.stop());
  };
}
