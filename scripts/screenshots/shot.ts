/** What a screenshot is (a page, its setup, its widths) and the API calls the pictures' setups share. */
import type { Page } from 'playwright-core';

/** What a setup step may use besides the page. */
export interface ShotContext {
  /** The server's base URL. */
  baseUrl: string;
  /** The admin token of the server started here (unset with --url unless ADMIN_TOKEN is). */
  adminToken: string | undefined;
  /** The picture's width. */
  width: number;
}

/** One screen to picture. */
export interface Shot {
  /** The file name's start: {name}-{width}.png. */
  name: string;
  /** The page to open: a path, or one computed from the running server (e.g. a booking made for the picture). */
  path: string | ((context: ShotContext) => Promise<string>);
  /** Prepares the page before it opens (e.g. holds back a script with page.route). */
  before?: (page: Page) => Promise<void>;
  /** Brings the page into the state to picture (opens a dialog, picks a date...); runs after the page loaded. */
  setup?: (page: Page, context: ShotContext) => Promise<void>;
  /** Default: 390 (phone) and 1280 (desktop). */
  widths?: number[];
  /** Default true: the whole page; false: the viewport (for fixed overlays). */
  fullPage?: boolean;
}

/** A day from the day after tomorrow on that le-petit-zinc serves dinner and is not closed (its page data says which). */
export async function openDinnerDay(baseUrl: string, slug = 'le-petit-zinc'): Promise<string> {
  const response = await fetch(`${baseUrl}/api/booking/booking_merchant/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_slug: slug }),
  });
  const { shifts, closes } = (await response.json()) as { shifts: { day: number; slots: { end: string }[] }[]; closes: string[] };
  for (let offset = 2; offset < 30; offset += 1) {
    const day = new Date(Date.now() + offset * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const weekday = ((day.getUTCDay() + 6) % 7) + 1;
    const dinner = shifts.find((shift) => shift.day === weekday)?.slots.some((slot) => slot.end >= '21:00');
    if (dinner && !closes.includes(date)) return date;
  }
  throw new Error(`no dinner day found for ${slug}`);
}

/** A booking made for a picture: its token, and the bearer of the guest who holds it. */
export interface PictureBooking {
  token: string;
  bearer: string;
}

export async function postApi<T>(baseUrl: string, apiPath: string, body: unknown, bearer?: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${apiPath} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

let pictures = 0;

/** The number of the next picture made on the server: its diner's phone, email and device differ from the others'. */
export function nextPicture(): number {
  pictures += 1;
  return pictures;
}
