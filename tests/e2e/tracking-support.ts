/** Steps the Validate and tracking e2e tests take through the real API: drafts, guest sessions, restaurant actions, a signed-in browser. */
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect } from './fixture.ts';

/** A draft booking made through the public calls. */
export interface E2EDraft {
  slug: string;
  token: string;
  /** Unix seconds of the booked slot. */
  timestamp: number;
}

// Each draft takes a later day, so tests rarely share a day (the workers run one at a time). The cursor wraps
// before the booking horizon (90 days by default): a whole run makes more drafts than the horizon has days, and a
// day already used still offers its other free times.
const FIRST_DAY = 3;
const LAST_DAY = 80;
let dayCursor = FIRST_DAY;

/** Moves the cursor to the next day, back to the first one past the last. */
function nextDay(): void {
  dayCursor = dayCursor >= LAST_DAY ? FIRST_DAY : dayCursor + 1;
}

/** The ISO date `days` days from now (the server's demo merchants are in Europe/Paris; a few hours' skew is harmless this far ahead). */
function isoDay(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** POSTs JSON to the API and returns the parsed body; fails the test on a non-2xx answer unless `allowFailure`. */
export async function postJson<T = Record<string, unknown>>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  options: { bearer?: string; allowFailure?: boolean } = {},
): Promise<{ status: number; body: T }> {
  const response = await request.post(path, {
    data: body,
    headers: options.bearer ? { authorization: `Bearer ${options.bearer}` } : {},
  });
  const parsed = (await response.json()) as T;
  if (!options.allowFailure) expect(response.ok(), `${path}: ${JSON.stringify(parsed)}`).toBe(true);
  return { status: response.status(), body: parsed };
}

/** Creates a draft for `guests` at the first free slot from a few days ahead on. */
export async function createDraft(request: APIRequestContext, slug = 'le-petit-zinc', guests = 2): Promise<E2EDraft> {
  for (let tries = 0; tries < 60; tries += 1) {
    const date = isoDay(dayCursor);
    const slots = await postJson<{ slots?: Array<{ timestamp: number; available: boolean }> }>(
      request,
      '/api/booking/booking_slots/get',
      { merchant_slug: slug, date, bookingZoneId: 'all', needed_seats: guests },
      { allowFailure: true },
    );
    const slot = slots.body.slots?.find((candidate) => candidate.available);
    if (!slot) {
      nextDay();
      continue;
    }
    const created = await postJson<{ token: string }>(request, '/api/booking/create', {
      merchant_slug: slug,
      datetime: slot.timestamp,
      booking_zone_id: 'all',
      client_count: guests,
    });
    nextDay();
    return { slug, token: created.body.token, timestamp: slot.timestamp };
  }
  throw new Error(`no free slot at ${slug} in 60 days`);
}

/** The guest details NoAuth sends; returns the guest's bearer. */
export async function guestSession(request: APIRequestContext, bookingToken: string, details: { phone?: string; email?: string } = {}): Promise<string> {
  const answer = await postJson<{ access_token: string }>(request, '/api/front/user/no_account', {
    firstname: 'Camille',
    lastname: 'Durand',
    // A number of its own: one phone holds one booking per restaurant and time.
    phone: details.phone ?? `+3361${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
    email: details.email ?? 'camille.durand@example.org',
    bookingToken,
  });
  return answer.body.access_token;
}

/** Validates a draft through the API (as Validate would). */
export async function validateThroughApi(request: APIRequestContext, draft: E2EDraft, bearer: string): Promise<void> {
  await postJson(request, '/api/booking/validate', { token: draft.token, merchant_slug: draft.slug }, { bearer });
}

/** A restaurant action through the admin API: confirm, refuse, cancel or finish. */
export async function restaurantAction(
  request: APIRequestContext,
  adminToken: string,
  token: string,
  action: 'confirm' | 'refuse' | 'cancel' | 'finish',
  body: { reason?: string; message?: string } = {},
): Promise<void> {
  const response = await request.post(`/api/admin/bookings/${token}/${action}`, {
    data: body,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Stores what a signed-in diner's browser holds (spec section 3 keys) before any page of the context loads. */
export async function signInBrowser(context: BrowserContext, draft: E2EDraft, bearer: string | null): Promise<void> {
  await context.addInitScript(
    ({ slug, token, bearer: stored }) => {
      // Only once per browser: a test that changes the storage later must not see it put back on reload.
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('current_merchant', slug);
      localStorage.setItem(`token_${slug}`, token);
      if (stored) localStorage.setItem('bearer', stored);
    },
    { slug: draft.slug, token: draft.token, bearer },
  );
}

/** A validated (status 10) booking and its guest's bearer. */
export async function pendingBooking(request: APIRequestContext): Promise<{ draft: E2EDraft; bearer: string }> {
  const draft = await createDraft(request);
  const bearer = await guestSession(request, draft.token);
  await validateThroughApi(request, draft, bearer);
  return { draft, bearer };
}

/** The tracking page of a booking. */
export const trackingPath = (draft: E2EDraft) => `/${draft.slug}/booking_complete/${draft.token}`;
