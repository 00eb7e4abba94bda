/**
 * `npm run screenshots`: pictures of the site's screens at phone and desktop widths into docs/screenshots/.
 * Starts the real server on fresh data (the site built once), or uses one already running (--url http://…).
 * Table-driven: add a {name, path, setup} entry to SHOTS for each screen; `--only name,name` takes some of them.
 * Files are docs/screenshots/{name}-{width}.png. Animations are off (reduced motion) so pictures are stable.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { STAMP_FILE } from './site-stamp.ts';
import { localToInstant } from '../src/shared/local-time.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';

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

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const ADMIN_TOKEN = 'screenshots-admin-token-0123456789abcdef';
const DEFAULT_WIDTHS = [390, 1280];
const BUILD_TIMEOUT_MS = 300_000;

/** A day from the day after tomorrow on that le-petit-zinc serves dinner and is not closed (its page data says which). */
async function openDinnerDay(baseUrl: string, slug = 'le-petit-zinc'): Promise<string> {
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
interface PictureBooking {
  token: string;
  bearer: string;
}

async function postApi<T>(baseUrl: string, apiPath: string, body: unknown, bearer?: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${apiPath} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

let pictures = 0;

/** A le-petit-zinc draft for 2 on a dinner day, with a guest's contact details; validated unless asked not to. */
async function pictureBooking(baseUrl: string, validated: boolean): Promise<PictureBooking> {
  const slug = 'le-petit-zinc';
  const date = await openDinnerDay(baseUrl, slug);
  const { slots } = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
    merchant_slug: slug,
    date,
    bookingZoneId: 'all',
    needed_seats: 2,
  });
  // Dinner for the picture, and a time nobody else took (each picture books anew).
  const slot = [...slots].reverse().find((candidate) => candidate.available && candidate.hour >= '19:00') ?? slots.find((candidate) => candidate.available);
  if (!slot) throw new Error(`no free time at ${slug} on ${date}`);
  // Each picture is its own diner: one phone holds one booking per restaurant and time, and a device a few drafts.
  pictures += 1;
  const device = { 'x-couvert-device': `screenshots-picture-${String(pictures).padStart(4, '0')}` };
  const { token } = await postApi<{ token: string }>(
    baseUrl,
    '/api/booking/create',
    { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: 2 },
    undefined,
    device,
  );
  const { access_token: bearer } = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/no_account', {
    firstname: 'Camille',
    lastname: 'Durand',
    phone: `+336123456${String(pictures % 100).padStart(2, '0')}`,
    email: 'camille.durand@example.org',
    bookingToken: token,
  });
  if (validated) await postApi(baseUrl, '/api/booking/validate', { token, merchant_slug: slug }, bearer);
  return { token, bearer };
}

// The booking the current picture is of: made by its path step, used by its setup step.
let current: PictureBooking | undefined;

/** Opens the Validate page of a fresh draft as its signed-in guest (the session is stored before the page loads). */
async function openValidate(page: Page): Promise<void> {
  if (!current) throw new Error('no booking made for the picture');
  const { token, bearer } = current;
  await page.evaluate(
    ({ stored, booking }) => {
      localStorage.setItem('bearer', stored);
      localStorage.setItem('current_merchant', 'le-petit-zinc');
      localStorage.setItem('token_le-petit-zinc', booking);
    },
    { stored: bearer, booking: token },
  );
  await page.goto(`/le-petit-zinc/validate/${token}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: 'À valider' }).waitFor();
}

/** Before the page loads: the browser holds the picture's booking and its guest's session, as the diner's own phone does. */
async function asItsGuest(page: Page): Promise<void> {
  if (!current) throw new Error('no booking made for the picture');
  await page.addInitScript(
    ({ token, bearer }) => {
      localStorage.setItem('bearer', bearer);
      localStorage.setItem('guest_booking', token);
      localStorage.setItem(`guest_bearer_${token}`, bearer);
      localStorage.setItem('current_merchant', 'le-petit-zinc');
      localStorage.setItem('token_le-petit-zinc', token);
    },
    { token: current.token, bearer: current.bearer },
  );
}

/** A restaurant action on the picture's booking through the admin API. */
async function restaurantActs(context: ShotContext, action: string, body: Record<string, string>): Promise<void> {
  if (!current || !context.adminToken) throw new Error('the restaurant pictures need the admin token (run without --url, or set ADMIN_TOKEN)');
  const response = await fetch(`${context.baseUrl}/api/admin/bookings/${current.token}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${context.adminToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`admin ${action} answered ${response.status}`);
}

const EARLY_SLUG = 'estaminet-bruxelles';

/** Imports a Brussels restaurant (Belgian phone) whose service today is already over, and waits for its page. */
async function putClosingEarlyMerchant(baseUrl: string, adminToken: string | undefined): Promise<void> {
  if (!adminToken) throw new Error('this picture needs the admin token (run without --url, or set ADMIN_TOKEN)');
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', weekday: 'short' }).format(new Date());
  const todayNumber = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(today) + 1;
  const service = [
    { start: '12:00', end: '14:00' },
    { start: '19:00', end: '22:00' },
  ];
  const definition = {
    slug: EARLY_SLUG,
    name: "L'Estaminet",
    timezone: 'Europe/Brussels',
    address: { address: 'Rue du Marché aux Herbes 7', address2: '', zip: '1000', city: 'Bruxelles' },
    phone: '+32 2 512 34 56',
    url: 'https://estaminet.example',
    description: 'Un estaminet bruxellois : carbonnade, croquettes aux crevettes et bières du pays.',
    bookingDescription: '',
    theme: { primary: '#6b3a1f', background: '#fbf7f2' },
    bookingEnabled: true,
    settings: {
      minClientsPerBookings: 1,
      maxClientsPerBookings: 6,
      keepTableDuration: 15,
      bookingDurationMinutes: 90,
      slotIntervalMinutes: 30,
      minLeadMinutes: 60,
      maxCoversPerSlot: 12,
      autoConfirm: false,
      showZone: false,
    },
    shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: day === todayNumber ? [{ start: '00:00', end: '00:30' }] : service })),
    closedDays: [],
    zones: [{ name: 'Salle', tables: [{ name: '1', minSeats: 1, maxSeats: 4 }] }],
    staff: [],
  };
  const response = await fetch(`${baseUrl}/api/admin/merchants/${EARLY_SLUG}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(definition),
  });
  if (!response.ok) throw new Error(`admin import answered ${response.status}`);
  // Importing rebuilds the site: wait until the page is served.
  for (let tries = 0; tries < 300; tries += 1) {
    if ((await fetch(`${baseUrl}/${EARLY_SLUG}`)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the imported restaurant was never served');
}

/** The Validate and tracking pictures (a booking is made for each). */
const TRACKING_SHOTS: Shot[] = [
  {
    name: 'validate',
    // A plain file of the site first: the session must be stored before Validate loads.
    path: async ({ baseUrl }) => ((current = await pictureBooking(baseUrl, false)), '/robots.txt'),
    // What the diner sees: a whole-page picture would show the floating button halfway down.
    fullPage: false,
    setup: openValidate,
  },
  {
    name: 'validate-terms-error',
    path: async ({ baseUrl }) => ((current = await pictureBooking(baseUrl, false)), '/robots.txt'),
    fullPage: false,
    setup: async (page) => {
      await openValidate(page);
      await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
      await page.getByText('Veuillez accepter les conditions générales').waitFor();
    },
  },
  {
    // The hold's last minute: the page's clock is told the server is 9 min 20 s ahead, so the fresh draft has 40 s left.
    name: 'validate-hold-ending',
    path: async ({ baseUrl }) => ((current = await pictureBooking(baseUrl, false)), '/robots.txt'),
    fullPage: false,
    before: async (page) => {
      await page.route('**/api/server_time', (route) => route.fulfill({ json: { success: true, time: Math.floor(Date.now() / 1000) + 9 * 60 + 20 } }));
    },
    setup: async (page) => {
      await openValidate(page);
      await page.getByText(/Table retenue pour vous encore \d0 s/).waitFor();
    },
  },
  {
    // Validation finds the table gone (the answer is faked; the free times offered are the real ones).
    name: 'validate-alternatives',
    path: async ({ baseUrl }) => ((current = await pictureBooking(baseUrl, false)), '/robots.txt'),
    fullPage: false,
    before: async (page) => {
      await page.route('**/api/booking/validate', (route) =>
        route.fulfill({ status: 409, json: { success: false, error_code: 'no_seats_available', message: 'No seats available' } }),
      );
    },
    setup: async (page) => {
      await openValidate(page);
      await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
      await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
      const offered = page.getByRole('region', { name: 'Horaires libres les plus proches' });
      await offered.getByRole('button').first().waitFor();
      await page.getByRole('alert').evaluate((alert) => alert.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'booking-complete',
    path: async ({ baseUrl }) => {
      current = await pictureBooking(baseUrl, true);
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    before: asItsGuest,
    setup: async (page) => {
      await page.getByText('En attente').waitFor();
    },
  },
  {
    // The plain link Share sends, opened by someone else: view-only (canManage false).
    name: 'booking-complete-shared',
    path: async ({ baseUrl }) => {
      current = await pictureBooking(baseUrl, true);
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    setup: async (page) => {
      await page.getByText('Partagée avec vous').waitFor();
    },
  },
  {
    // The same booking as its boot script draws it before the island has loaded (src/components/TrackingFirstView.astro).
    name: 'booking-complete-first-view',
    path: async ({ baseUrl }) => {
      current = await pictureBooking(baseUrl, true);
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    before: async (page) => {
      await asItsGuest(page);
      await page.route('**/_astro/BookingComplete.*.js', (route) => route.abort());
    },
    setup: async (page) => {
      await page.getByText('En attente').waitFor();
    },
  },
  {
    name: 'booking-complete-confirmed',
    path: async (context) => {
      current = await pictureBooking(context.baseUrl, true);
      await restaurantActs(context, 'confirm', {});
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    before: asItsGuest,
    setup: async (page) => {
      await page.getByText('Confirmée').waitFor();
    },
  },
  {
    name: 'booking-complete-refused',
    path: async (context) => {
      current = await pictureBooking(context.baseUrl, true);
      await restaurantActs(context, 'refuse', { reason: 'restaurant_full', message: 'Une privatisation ce soir-là, toutes nos excuses.' });
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    before: asItsGuest,
    setup: async (page) => {
      await page.getByText('Annulée par le restaurant').waitFor();
    },
  },
  {
    name: 'booking-complete-cancel',
    path: async ({ baseUrl }) => ((current = await pictureBooking(baseUrl, true)), '/robots.txt'),
    fullPage: false,
    setup: async (page) => {
      if (!current) throw new Error('no booking made for the picture');
      await page.evaluate((bearer) => localStorage.setItem('bearer', bearer), current.bearer);
      await page.goto(`/le-petit-zinc/booking_complete/${current.token}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Annuler la réservation' }).click();
      await page.getByRole('dialog', { name: 'Annuler cette réservation ?' }).waitFor();
    },
  },
];

/** Fakes the login methods answer so the pictures show the social buttons (the picture server configures no provider). */
async function withSocialButtons(page: Page): Promise<void> {
  await page.route('**/api/mobile/login_methods', (route) =>
    route.fulfill({ json: { success: true, methods: { facebook: true, google: true, apple: false } } }),
  );
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Continuer avec Google' }).waitFor();
}

/** Waits until the screen's island runs (its submit button is enabled then). */
async function formReady(page: Page, submit: string): Promise<void> {
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('button[type="submit"]')].some((button) => button.textContent?.includes(name) && !(button as HTMLButtonElement).disabled),
    submit,
  );
}

/** The sign-in screens (/auth...). */
const AUTH_SHOTS: Shot[] = [
  { name: 'auth', path: '/auth', setup: withSocialButtons },
  {
    name: 'auth-login',
    path: '/auth/login',
    setup: async (page) => formReady(page, 'Se connecter'),
  },
  {
    name: 'auth-login-error',
    path: '/auth/login',
    setup: async (page) => {
      await formReady(page, 'Se connecter');
      await page.getByRole('textbox', { name: 'Email' }).fill('camille.durand@example.org');
      await page.getByLabel('Mot de passe').fill('pas-le-bon');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByText("Le mot de passe est erroné ou le compte n'existe pas.").waitFor();
    },
  },
  {
    name: 'auth-register',
    path: '/auth/register',
    setup: async (page) => {
      await formReady(page, 'Créer mon compte');
      await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
      await page.getByRole('textbox', { name: 'Email' }).fill('camille@');
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await page.getByText('Email invalide').waitFor();
    },
  },
  {
    name: 'auth-forgot-password',
    path: '/auth/forgot_password',
    setup: async (page) => {
      await formReady(page, 'Envoyer le lien');
      // A new address each run: resets are rate-limited per email.
      await page.getByRole('textbox', { name: 'Email' }).fill(`camille.${Date.now().toString(36)}@example.org`);
      await page.getByRole('button', { name: 'Envoyer le lien' }).click();
      await page.getByText('Si un compte utilise cet email').waitFor();
    },
  },
  {
    name: 'auth-no-account',
    path: '/auth/no_account',
    setup: async (page) => {
      await formReady(page, 'Continuer');
      await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
      await page.getByRole('checkbox', { name: 'Recevoir une confirmation par email' }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByText('Ce champ est obligatoire.').first().waitFor();
    },
  },
  {
    // A draft just made on the booking home: NoAuth recaps it under its hold's countdown.
    name: 'auth-no-account-recap',
    path: async ({ baseUrl }) => ((current = await pictureBooking(baseUrl, false)), '/robots.txt'),
    setup: async (page) => {
      const token = current!.token;
      await page.evaluate((booking) => {
        localStorage.setItem('current_merchant', 'le-petit-zinc');
        localStorage.setItem('token_le-petit-zinc', booking);
      }, token);
      await page.goto('/auth/no_account', { waitUntil: 'networkidle' });
      await page.getByRole('region', { name: 'Votre réservation' }).waitFor();
    },
  },
  {
    // Someone with only a booking's token sends details for it: the code went to the booking's diner.
    name: 'auth-no-account-code',
    path: async ({ baseUrl }) => ((current = await pictureBooking(baseUrl, true)), '/robots.txt'),
    setup: async (page) => {
      if (!current) throw new Error('no booking made for the picture');
      await page.evaluate((token) => {
        localStorage.setItem('current_merchant', 'le-petit-zinc');
        localStorage.setItem('token_le-petit-zinc', token);
      }, current.token);
      await page.goto('/auth/no_account', { waitUntil: 'networkidle' });
      await formReady(page, 'Continuer');
      await page.getByRole('textbox', { name: 'Prénom' }).fill('Eve');
      await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
      await page.getByRole('textbox', { name: 'Téléphone' }).fill('06 98 76 54 32');
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('heading', { name: "Confirmez que c'est bien vous" }).waitFor();
    },
  },
  {
    name: 'auth-no-account-countries',
    path: '/auth/no_account',
    fullPage: false,
    setup: async (page) => {
      await formReady(page, 'Continuer');
      await page.getByRole('combobox', { name: /^Pays/ }).click();
      await page.keyboard.type('bel');
      await page.getByRole('option', { name: /Belgique/, selected: true }).waitFor();
    },
  },
  {
    name: 'auth-onboarding',
    // A plain file of the site first: the session must be stored before Onboarding loads.
    path: async ({ baseUrl }) => ((current = await pictureBooking(baseUrl, false)), '/robots.txt'),
    setup: async (page) => {
      if (!current) throw new Error('no booking made for the picture');
      const { token, bearer } = current;
      await page.evaluate(
        ({ stored, booking }) => {
          localStorage.setItem('bearer', stored);
          localStorage.setItem('current_merchant', 'le-petit-zinc');
          localStorage.setItem('token_le-petit-zinc', booking);
        },
        { stored: bearer, booking: token },
      );
      await page.goto('/auth/onboarding', { waitUntil: 'networkidle' });
      await page.getByRole('textbox', { name: 'Prénom' }).waitFor();
    },
  },
];

/** An account made for the account page's picture: its bearer, with bookings coming, confirmed and cancelled. */
async function pictureAccount(baseUrl: string): Promise<string> {
  pictures += 1;
  const { access_token: bearer } = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/register', {
    firstname: 'Camille',
    lastname: 'Durand',
    email: `camille.${Date.now().toString(36)}.${pictures}@example.org`,
    phone: `+336987654${String(pictures % 100).padStart(2, '0')}`,
    password: 'un mot de passe bien long',
  });
  const book = async (slug: string, seats: number) => {
    const date = await openDinnerDay(baseUrl, slug);
    const { slots } = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
      merchant_slug: slug,
      date,
      bookingZoneId: 'all',
      needed_seats: seats,
    });
    const slot = slots.find((candidate) => candidate.available && candidate.hour >= '20:00') ?? slots.find((candidate) => candidate.available);
    if (!slot) throw new Error(`no free time at ${slug} on ${date}`);
    const device = { 'x-couvert-device': `screenshots-account-${String(pictures).padStart(4, '0')}-${slug}` };
    const { token } = await postApi<{ token: string }>(
      baseUrl,
      '/api/booking/create',
      { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: seats },
      bearer,
      device,
    );
    await postApi(baseUrl, '/api/booking/validate', { token, merchant_slug: slug }, bearer);
    return token;
  };
  await book('le-petit-zinc', 2);
  await book('sakura-ramen', 4);
  const cancelled = await book('trattoria-nonna', 3);
  await postApi(baseUrl, '/api/booking/cancel', { token: cancelled, merchant_slug: 'trattoria-nonna' }, bearer);
  return bearer;
}

let accountBearer: string | undefined;

/** An account whose email a guest booked with before: the account page then offers to attach that booking. */
async function pictureAccountWithGuestBooking(baseUrl: string): Promise<string> {
  pictures += 1;
  const email = `ines.${Date.now().toString(36)}.${pictures}@example.org`;
  const slug = 'sakura-ramen';
  const date = await openDinnerDay(baseUrl, slug);
  const { slots } = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
    merchant_slug: slug,
    date,
    bookingZoneId: 'all',
    needed_seats: 2,
  });
  const slot = slots.find((candidate) => candidate.available);
  if (!slot) throw new Error(`no free time at ${slug} on ${date}`);
  const device = { 'x-couvert-device': `screenshots-guest-${String(pictures).padStart(4, '0')}` };
  const { token } = await postApi<{ token: string }>(
    baseUrl,
    '/api/booking/create',
    { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: 2 },
    undefined,
    device,
  );
  const phone = `+336987655${String(pictures % 100).padStart(2, '0')}`;
  const guest = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/no_account', {
    firstname: 'Inès',
    lastname: 'Moreau',
    phone,
    email,
    bookingToken: token,
  });
  await postApi(baseUrl, '/api/booking/validate', { token, merchant_slug: slug }, guest.access_token);
  const account = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/register', {
    firstname: 'Inès',
    lastname: 'Moreau',
    email,
    phone,
    password: 'un mot de passe bien long',
  });
  return account.access_token;
}

/** The account page offering the bookings made as a guest, then its code step. */
const GUEST_BOOKINGS_SHOTS: Shot[] = [false, true].map((codeStep) => ({
  name: codeStep ? 'account-guest-bookings-code' : 'account-guest-bookings',
  path: async ({ baseUrl }) => ((accountBearer = await pictureAccountWithGuestBooking(baseUrl)), '/account'),
  before: async (page) => {
    await page.addInitScript((bearer) => {
      localStorage.setItem('bearer', bearer);
      localStorage.setItem('current_merchant', 'sakura-ramen');
    }, accountBearer!);
  },
  setup: async (page) => {
    const offer = page.getByRole('region', { name: 'Réservations faites sans compte' });
    await offer.waitFor();
    if (!codeStep) return;
    await offer.getByRole('button', { name: /Recevoir un code par email/ }).click();
    await offer.getByRole('textbox', { name: 'Code reçu (6 chiffres)' }).waitFor();
  },
}));

/** The account page: coming bookings at two merchants and a cancelled one, in the colours of the merchant the diner came from. */
const ACCOUNT_SHOTS: Shot[] = [
  {
    name: 'account',
    path: async ({ baseUrl }) => ((accountBearer = await pictureAccount(baseUrl)), '/account'),
    before: async (page) => {
      await page.addInitScript((bearer) => {
        localStorage.setItem('bearer', bearer);
        localStorage.setItem('current_merchant', 'le-petit-zinc');
      }, accountBearer!);
    },
    setup: async (page) => {
      await page.getByRole('region', { name: 'À venir' }).getByRole('link').first().waitFor();
    },
  },
];

/** A staff bearer of le-petit-zinc's, and the merchants sign-in answered, as the staff pages store them. */
async function staffSession(baseUrl: string): Promise<{ bearer: string; merchants: unknown }> {
  const { access_token: bearer, merchants } = await postApi<{ access_token: string; merchants: unknown }>(baseUrl, '/api/pro/auth/login', {
    email: 'claire@le-petit-zinc.example',
    password: 'zinc-comptoir-1952',
  });
  return { bearer, merchants };
}

let staff: { bearer: string; merchants: unknown } | undefined;
// The book's bookings are made once per run: every width and picture of the book shows the same day.
let bookPath: Promise<string> | undefined;

/** A dinner day of le-petit-zinc's with bookings of every kind: pending (with a comment), confirmed, a phone booking, a refusal. */
async function pictureBook(baseUrl: string): Promise<string> {
  staff = await staffSession(baseUrl);
  const slug = 'le-petit-zinc';
  const date = await openDinnerDay(baseUrl, slug);
  const diners = [
    { firstname: 'Camille', lastname: 'Durand', seats: 2, comment: 'Une table près de la fenêtre si possible' },
    { firstname: 'Hugo', lastname: 'Bernard', seats: 4, comment: '' },
    { firstname: 'Léa', lastname: 'Moreau', seats: 3, comment: 'Anniversaire : un dessert avec une bougie ?' },
    { firstname: 'Nathan', lastname: 'Petit', seats: 2, comment: '' },
  ];
  const tokens: string[] = [];
  for (const [index, diner] of diners.entries()) {
    const { slots } = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
      merchant_slug: slug,
      date,
      bookingZoneId: 'all',
      needed_seats: diner.seats,
    });
    const slot = slots.filter((candidate) => candidate.available && candidate.hour >= '19:30')[index * 2] ?? slots.find((candidate) => candidate.available);
    if (!slot) throw new Error(`no free time at ${slug} on ${date}`);
    pictures += 1;
    const device = { 'x-couvert-device': `screenshots-book-${String(pictures).padStart(4, '0')}` };
    const { token } = await postApi<{ token: string }>(
      baseUrl,
      '/api/booking/create',
      { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: diner.seats },
      undefined,
      device,
    );
    const { access_token: bearer } = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/no_account', {
      firstname: diner.firstname,
      lastname: diner.lastname,
      phone: `+3362${String((Date.now() + pictures) % 10_000_000).padStart(7, '0')}`,
      email: `${diner.firstname.toLowerCase()}@example.org`,
      bookingToken: token,
    });
    if (diner.comment) await postApi(baseUrl, '/api/booking/set_comment', { token, merchant_slug: slug, comment: diner.comment }, bearer);
    await postApi(baseUrl, '/api/booking/validate', { token, merchant_slug: slug }, bearer);
    tokens.push(token);
  }
  const act = (token: string, action: string, body: unknown = {}) => postApi(baseUrl, `/api/pro/${slug}/bookings/${token}/${action}`, body, staff!.bearer);
  await act(tokens[1]!, 'confirm');
  await act(tokens[1]!, 'note', { note: 'Habitués : table 4 de préférence' });
  await act(tokens[3]!, 'refuse', { reason: 'restaurant_full', message: 'Désolés, nous sommes complets ce soir.' });
  const lunch = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
    merchant_slug: slug,
    date,
    bookingZoneId: 'all',
    needed_seats: 2,
  });
  const noon = lunch.slots.find((candidate) => candidate.available && candidate.hour < '15:00');
  if (noon) {
    await postApi(
      baseUrl,
      `/api/pro/${slug}/bookings`,
      { datetime: noon.timestamp, party: 2, firstname: 'Paul', lastname: 'Girard', phone: '+33 6 12 34 56 78' },
      staff.bearer,
    );
  }
  return `/pro/${slug}?day=${date}`;
}

let closingPath: Promise<string> | undefined;

/** The book's picture day with its lunch closed online (over the phone booking taken then) and 21:30–22:30 stopped. */
async function pictureClosings(baseUrl: string): Promise<string> {
  const book = await (bookPath ??= pictureBook(baseUrl));
  const url = new URL(book, baseUrl);
  const slug = url.pathname.split('/').pop()!;
  const date = url.searchParams.get('day')!;
  const response = await fetch(`${baseUrl}/api/pro/${slug}/bookings?day=${date}`, { headers: { authorization: `Bearer ${staff!.bearer}` } });
  const { services } = (await response.json()) as { services: { id: string; start: string }[] };
  const lunch = services.find((service) => service.start < '15:00');
  if (lunch) await postApi(baseUrl, `/api/pro/${slug}/closings`, { kind: 'shift', day: date, shift_id: lunch.id, note: 'Privatisation' }, staff!.bearer);
  const at = (time: string) => localToInstant(date, time, 'Europe/Paris')!.toISOString();
  await postApi(baseUrl, `/api/pro/${slug}/closings`, { kind: 'range', starts_at: at('21:30'), ends_at: at('22:30') }, staff!.bearer);
  return book;
}

const asStaff = async (page: Page) => {
  await page.addInitScript(
    ({ bearer, merchants }) => {
      localStorage.setItem('staff_bearer', bearer);
      localStorage.setItem('staff_merchants', JSON.stringify(merchants));
    },
    { bearer: staff!.bearer, merchants: staff!.merchants },
  );
};

/** The staff pages: sign-in, and the book of a day with bookings (a tablet's width too: the host stand's). */
const STAFF_SHOTS: Shot[] = [
  {
    name: 'staff-sign-in',
    path: '/pro',
    widths: [390, 1024, 1280],
    setup: async (page) => {
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    },
  },
  {
    name: 'staff-book',
    path: async ({ baseUrl }) => (bookPath ??= pictureBook(baseUrl)),
    widths: [390, 768, 1024, 1280],
    before: async (page) => {
      await page.addInitScript(
        ({ bearer, merchants }) => {
          localStorage.setItem('staff_bearer', bearer);
          localStorage.setItem('staff_merchants', JSON.stringify(merchants));
        },
        { bearer: staff!.bearer, merchants: staff!.merchants },
      );
    },
    setup: async (page) => {
      await page.getByRole('heading', { name: 'Camille Durand' }).first().waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
  {
    name: 'staff-book-compact',
    path: async ({ baseUrl }) => (bookPath ??= pictureBook(baseUrl)),
    widths: [390, 1024, 1280],
    before: async (page) => {
      await asStaff(page);
      await page.addInitScript(() => localStorage.setItem('staff_compact', '1'));
    },
    setup: async (page) => {
      await page.getByRole('article').first().waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
  {
    name: 'staff-calendar',
    path: async ({ baseUrl }) => (bookPath ??= pictureBook(baseUrl)),
    widths: [390, 1024, 1280],
    fullPage: false,
    before: asStaff,
    setup: async (page) => {
      await page.getByRole('article').first().waitFor();
      await page.getByRole('button', { name: /Choisir un autre jour/ }).click();
      await page.locator('.cal-day.is-marked').first().waitFor();
    },
  },
  {
    name: 'staff-forgot-password',
    path: '/pro',
    widths: [390, 1024, 1280],
    setup: async (page) => {
      await page.locator('astro-island[ssr]').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
      await page.getByRole('button', { name: 'Envoyer le lien' }).waitFor();
    },
  },
  {
    name: 'staff-book-refuse',
    path: async ({ baseUrl }) => (bookPath ??= pictureBook(baseUrl)),
    widths: [390, 1024],
    fullPage: false,
    before: async (page) => {
      await page.addInitScript(
        ({ bearer, merchants }) => {
          localStorage.setItem('staff_bearer', bearer);
          localStorage.setItem('staff_merchants', JSON.stringify(merchants));
        },
        { bearer: staff!.bearer, merchants: staff!.merchants },
      );
    },
    setup: async (page) => {
      await page.getByRole('article').filter({ hasText: 'Camille Durand' }).first().getByRole('button', { name: 'Refuser' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refuser la réservation ?' });
      await dialog.getByRole('textbox', { name: 'Message au client (facultatif)' }).fill('Désolés, nous sommes complets ce soir.');
    },
  },
  {
    name: 'staff-closing-book',
    path: async ({ baseUrl }) => (closingPath ??= pictureClosings(baseUrl)),
    widths: [390, 1024],
    before: asStaff,
    setup: async (page) => {
      await page.getByText('Fermé en ligne').first().waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
  {
    name: 'staff-closing-dialog',
    path: async ({ baseUrl }) => (closingPath ??= pictureClosings(baseUrl)),
    widths: [390, 1024],
    fullPage: false,
    before: asStaff,
    setup: async (page) => {
      await page.getByText('Fermé en ligne').first().waitFor();
      await page.getByRole('button', { name: 'Fermer en ligne…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Fermer à la réservation en ligne' });
      await dialog.getByRole('radio', { name: 'Une plage horaire' }).check();
      await dialog.getByRole('combobox', { name: 'De' }).selectOption('19:00');
      await dialog.getByRole('combobox', { name: 'Jusqu’à' }).selectOption('19:30');
      await dialog.getByRole('textbox', { name: /Note pour l’équipe/ }).fill('Groupe de 12 à 19 h');
    },
  },
];

/** The screens. Other pages add their entries here. */
export const SHOTS: Shot[] = [
  {
    name: 'provider-home',
    path: '/',
    setup: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  },
  {
    name: 'booking-home',
    path: '/le-petit-zinc',
    setup: async (page) => {
      await page.getByRole('radio', { name: '2 personnes' }).waitFor();
    },
  },
  {
    name: 'booking-home-slots',
    // A dinner day with 2 guests preset and 20:00 asked for: any area is chosen for the preset, with 20:00 picked.
    path: async ({ baseUrl }) => `/le-petit-zinc?seats=2&when=${await openDinnerDay(baseUrl)}T20:00`,
    setup: async (page) => {
      await page.getByRole('radio', { name: '20:00', checked: true }).waitFor();
      await page.getByRole('heading', { name: 'Réserver une table' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'booking-home-calendar',
    path: '/le-petit-zinc',
    fullPage: false,
    setup: async (page) => {
      await page.getByRole('button', { name: 'Autre date' }).click();
      await page.getByRole('dialog', { name: 'Choisissez une date' }).waitFor();
    },
  },
  {
    name: 'booking-home-no-table-today',
    // A restaurant whose only service today (00:00–00:30) is always over: ?asap=1 offers the next free day.
    path: async ({ baseUrl, adminToken }) => {
      await putClosingEarlyMerchant(baseUrl, adminToken);
      return `/${EARLY_SLUG}?asap=1`;
    },
    setup: async (page) => {
      await page.getByRole('button', { name: /^Réserver .+ à / }).waitFor();
    },
  },
  ...TRACKING_SHOTS,
  ...ACCOUNT_SHOTS,
  ...GUEST_BOOKINGS_SHOTS,
  ...AUTH_SHOTS,
  ...STAFF_SHOTS,
];

async function startServer(): Promise<{ server: ServerProcess; cleanup: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'couvert-shots-data-'));
  const siteDir = await mkdtemp(path.join(tmpdir(), 'couvert-shots-site-'));
  const cleanup = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(siteDir, { recursive: true, force: true });
  };
  const server = await startServerProcess({ DATA_DIR: dataDir, SITE_DIR: siteDir, ADMIN_TOKEN, BUILD_SITE: 'always', LOG_LEVEL: 'warn' });
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(path.join(siteDir, STAMP_FILE))) {
    if (server.output().includes('site build failed') || Date.now() > deadline) {
      await server.stop();
      await cleanup();
      throw new Error(`the site was not built:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { server, cleanup };
}

/** Takes every picture of `shots` against the server at baseUrl; resolves the files written. */
export async function takeScreenshots(shots: readonly Shot[], baseUrl: string, adminToken: string | undefined): Promise<string[]> {
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const written: string[] = [];
  try {
    for (const shot of shots) {
      for (const width of shot.widths ?? DEFAULT_WIDTHS) {
        const context = { baseUrl, adminToken, width };
        const browserContext = await browser.newContext({
          baseURL: baseUrl,
          viewport: { width, height: width < 600 ? 844 : 900 },
          deviceScaleFactor: 1,
          locale: 'fr-FR',
          reducedMotion: 'reduce',
        });
        const page = await browserContext.newPage();
        try {
          const target = typeof shot.path === 'string' ? shot.path : await shot.path(context);
          await shot.before?.(page);
          await page.goto(target, { waitUntil: 'networkidle' });
          await shot.setup?.(page, context);
          await page.waitForLoadState('networkidle');
          const file = path.join(OUT_DIR, `${shot.name}-${width}.png`);
          await page.screenshot({ path: file, fullPage: shot.fullPage ?? true, animations: 'disabled' });
          written.push(file);
          console.log(`  ${path.relative(ROOT, file)}`);
        } catch (error) {
          throw new Error(`screenshot ${shot.name} at ${width} px failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        } finally {
          await browserContext.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return written;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, only: { type: 'string' } } });
  const only = values.only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const shots = only ? SHOTS.filter((shot) => only.includes(shot.name)) : SHOTS;
  if (shots.length === 0) throw new Error(`no screenshot named ${values.only}; known: ${SHOTS.map((shot) => shot.name).join(', ')}`);
  if (values.url) {
    await takeScreenshots(shots, values.url.replace(/\/+$/, ''), process.env.ADMIN_TOKEN);
    return;
  }
  console.log('building the site and starting the server...');
  const { server, cleanup } = await startServer();
  try {
    await takeScreenshots(shots, server.url, ADMIN_TOKEN);
  } finally {
    await server.stop();
    await cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
