/**
 * Limits on new booking drafts (each holds a table for HOLD_MINUTES): per client address, per device and per
 * merchant-evening. Their window is the hold time, so at most twice a limit's drafts of one key hold tables at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { shiftsOn } from '../domain/special-days.ts';
import { clientAddress, hitAll, rateLimit, type RateLimit, type RateLimitPolicy } from '../auth/rate-limit.ts';
import { isoWeekdayOf, localDateOf, localTimeOf, minutesOfLocalTime } from '../../shared/local-time.ts';
import type { MerchantWithFloor } from '../domain/merchant-floor.ts';

/** How many new drafts each key may start per window. */
export interface DraftLimits {
  perAddress: number;
  perDevice: number;
  perEvening: number;
  windowSeconds: number;
}

/** Defaults: a family or an office behind one address books freely; a script does not. */
export const DEFAULT_DRAFT_LIMITS: DraftLimits = { perAddress: 20, perDevice: 6, perEvening: 60, windowSeconds: 10 * 60 };

/** The header the site sends with a random id it keeps in localStorage: what "a device" is for an anonymous browser. */
export const DEVICE_HEADER = 'x-couvert-device';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The device a request comes from: its device id, or its address when it sends none (leaving it out dodges nothing). */
export function deviceOf(request: FastifyRequest): string {
  const header = request.headers[DEVICE_HEADER];
  return typeof header === 'string' && DEVICE_ID.test(header) ? `id:${header}` : `ip:${clientAddress(request)}`;
}

/** The merchant-local day and opening shift (by its start) that an instant falls in: "the evening" it books. */
export function eveningOf(merchant: MerchantWithFloor['merchant'], at: Date): string {
  const date = localDateOf(at, merchant.timezone);
  const minutes = minutesOfLocalTime(localTimeOf(at, merchant.timezone));
  const slots = shiftsOn(date, merchant.shifts, merchant.specialDays).find((shift) => shift.day === isoWeekdayOf(date))?.slots ?? [];
  const started = slots.filter((slot) => minutesOfLocalTime(slot.start) <= minutes);
  const shift = started.find((slot) => minutes < minutesOfLocalTime(slot.end)) ?? started.at(-1);
  return `${merchant.id}:${date}:${shift?.start ?? 'day'}`;
}

/** What a new draft is asked for (the create call's parsed body). */
interface DraftBody {
  merchant_slug: string;
  datetime: Date;
}

/** The three draft limits of a server; `check` counts a new draft and says how long to wait when one is over. */
export function draftLimits(
  app: FastifyInstance,
  limits: DraftLimits,
  loadMerchant: (request: FastifyRequest, slug: string) => Promise<MerchantWithFloor>,
): { check(request: FastifyRequest): Promise<number | undefined> } {
  const policy = (limit: number): RateLimitPolicy => ({ limit, windowSeconds: limits.windowSeconds });
  const body = (request: FastifyRequest) => request.body as DraftBody;
  const counters: RateLimit[] = [
    rateLimit(app, 'draft-device', policy(limits.perDevice), deviceOf),
    rateLimit(app, 'draft-ip', policy(limits.perAddress), clientAddress),
    rateLimit(app, 'draft-evening', policy(limits.perEvening), async (request) =>
      eveningOf((await loadMerchant(request, body(request).merchant_slug)).merchant, body(request).datetime),
    ),
  ];
  return { check: (request) => hitAll(request, counters) };
}
