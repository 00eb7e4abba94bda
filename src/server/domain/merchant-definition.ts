import {
  LIST_MAX,
  MAX_BOOKING_HORIZON_DAYS,
  MAX_REMINDERS,
  NAME_MAX,
  REMINDER_HOURS_BOUNDS,
  SETTING_BOUNDS,
  type BoundedSetting,
} from '../../shared/definition-bounds.ts';
import { z } from 'zod';
import { DEFAULT_BOOKING_HORIZON_DAYS } from './availability.ts';
import { DomainError } from './errors.ts';
import { isLocalDate, isLocalTime, isValidTimezone } from '../../shared/local-time.ts';
import { LANGS } from '../../shared/langs.ts';
import { DEFAULT_STAFF_ROLE, STAFF_ROLES } from '../../shared/staff-roles.ts';
import { dottedPath, illFormedTextPath, ILL_FORMED_TEXT_MESSAGE } from './well-formed-text.ts';
import { duplicateIndexes, intIn, requiredText, text } from './definition-fields.ts';
import { combinationIssues, combinationsSchema, durationByPartySizeSchema, tableSchema } from './floor-definition.ts';

/** Slugs a merchant may not take because the site's own routes and files live there. */
export const reservedSlugs: readonly string[] = [
  'auth',
  'api',
  'oauth',
  'login',
  'logout',
  'register',
  'broadcasting',
  'app',
  'assets',
  '_astro',
  'sw.js',
  'manifest',
  'manifest.json',
  'manifest.webmanifest',
  'favicon',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'admin',
  'docs',
  'offline',
  'icons',
  'images',
  'merchants',
  'demo',
  'static',
  'public',
  'fonts',
  'media',
  'uploads',
  'health',
  'healthz',
  'status',
  'ws',
  'socket',
  'realtime',
  'pusher',
  'staff',
  'pro',
  'dashboard',
  'account',
  'user',
  'users',
  'booking',
  'bookings',
  'validate',
  'booking-complete',
  'booking_complete',
  'ical',
  'calendar',
  'mail',
  'www',
  'index',
  'home',
  'about',
  'help',
  'support',
  'terms',
  'privacy',
  'legal',
  'contact',
  '404',
  '500',
];

/** When the diner is reminded of a booking unless the definition says otherwise: 24 and 2 hours before. */
export const DEFAULT_REMINDER_HOURS: readonly number[] = [24, 2];

/** The farthest booking horizon a definition may set: two years (src/shared/definition-bounds.ts). */
export { MAX_BOOKING_HORIZON_DAYS };

const reserved = new Set(reservedSlugs);
const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const PHONE_RE = /^\+[1-9]\d{6,14}$/;
const COLOUR_RE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** An image already imported, as `merchant export` writes it: /media/{slug}/{file}. */
export const MEDIA_PATH_RE = /^\/media\/([a-z0-9-]+)\/([A-Za-z0-9_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:svg|png|jpe?g|webp|gif|avif))$/i;
const IMAGE_PATH_RE = /^(?:[A-Za-z0-9_][A-Za-z0-9._-]*\/)*[A-Za-z0-9_][A-Za-z0-9._-]*\.(?:svg|png|jpe?g|webp|gif|avif)$/i;

/** Whether s is an http(s) URL with a host. */
function isHttpUrl(s: string, httpsOnly = false): boolean {
  if (!URL.canParse(s)) return false;
  const url = new URL(s);
  const protocolOk = httpsOnly ? url.protocol === 'https:' : url.protocol === 'https:' || url.protocol === 'http:';
  return protocolOk && url.hostname.length > 0;
}

/** Whether s is an image path relative to the definition file (no '..', no leading '/'), an imported image's /media path, or an https URL. */
function isImageRef(s: string): boolean {
  if (/^https:\/\//i.test(s)) return isHttpUrl(s, true);
  if (s.startsWith('/')) return MEDIA_PATH_RE.test(s);
  return IMAGE_PATH_RE.test(s) && !s.split('/').some((segment) => segment === '..' || segment === '.');
}

const localTime = z.string().trim().refine(isLocalTime, 'a time written HH:MM (00:00 to 23:59)');
const colour = z.string().trim().regex(COLOUR_RE, 'a colour written #rgb or #rrggbb');
// One text for all, or one per language (the keys' order is kept: the first listed is what a missing language reads).
const merchantText = (max: number) =>
  z.union(
    [text(max), z.partialRecord(z.enum(LANGS), text(max)).refine((texts) => Object.keys(texts).length > 0, `at least one language (${LANGS.join(', ')})`)],
    { error: `a text, or one text per language (${LANGS.join(', ')})` },
  );
const image = text(500).refine(isImageRef, "a relative image path (no '..', no leading '/'), an https URL, or the /media path of an image already imported");

const slugSchema = z
  .string()
  .trim()
  .min(2, 'at least 2 characters')
  .max(64, 'at most 64 characters')
  .regex(SLUG_RE, 'lowercase letters, digits and dashes, not starting or ending with a dash')
  .refine((slug) => !reserved.has(slug), 'this slug is reserved by the site');

const phoneSchema = z
  .string()
  .transform((phone) => phone.replace(/\s+/g, ''))
  .refine((phone) => PHONE_RE.test(phone), 'an international phone number such as +33142000000');

const bounded = (setting: BoundedSetting) => intIn(SETTING_BOUNDS[setting][0], SETTING_BOUNDS[setting][1]);

const settingsSchema = z
  .strictObject({
    minClientsPerBookings: bounded('minClientsPerBookings'),
    maxClientsPerBookings: bounded('maxClientsPerBookings'),
    keepTableDuration: bounded('keepTableDuration'),
    bookingDurationMinutes: bounded('bookingDurationMinutes'),
    slotIntervalMinutes: bounded('slotIntervalMinutes'),
    minLeadMinutes: bounded('minLeadMinutes'),
    maxCoversPerSlot: bounded('maxCoversPerSlot'),
    autoConfirm: z.boolean().default(false),
    showZone: z.boolean().default(true),
    // Not in the contract table: minutes a pending booking may wait before the page says the merchant is
    // slow to answer; the store falls back to its own default when absent.
    responseWindowMinutes: bounded('responseWindowMinutes').optional(),
    // Not in the contract table either: how many days past merchant-local today a booking may be made for.
    bookingHorizonDays: bounded('bookingHorizonDays').default(DEFAULT_BOOKING_HORIZON_DAYS),
    // Nor this: how many hours before a booking the diner is reminded, latest last; [] sends none.
    reminderHours: z
      .array(intIn(REMINDER_HOURS_BOUNDS[0], REMINDER_HOURS_BOUNDS[1]))
      .max(MAX_REMINDERS, `at most ${MAX_REMINDERS} reminders`)
      .default([...DEFAULT_REMINDER_HOURS])
      .transform((hours) => [...new Set(hours)].sort((a, b) => b - a)),
    // The turn time by party size (beyond its last step, bookingDurationMinutes).
    durationByPartySize: durationByPartySizeSchema.optional(),
  })
  .superRefine((settings, ctx) => {
    if (settings.minClientsPerBookings > settings.maxClientsPerBookings) {
      ctx.addIssue({
        code: 'custom',
        path: ['minClientsPerBookings'],
        message: 'must not exceed maxClientsPerBookings',
      });
    }
  });

const shiftSchema = z.strictObject({
  day: intIn(1, 7),
  slots: z.array(z.strictObject({ start: localTime, end: localTime })).max(12, 'at most 12 slots a day'),
});

// A Couvert extension (docs/merchants.md): one date closed with a reason (no slot), or opened with its own slots
// instead of its weekday's. Slots as a special day reads them: end after start on that day, none overlapping.
const specialDaySchema = z
  .strictObject({
    date: z.string().trim().refine(isLocalDate, 'a real date written YYYY-MM-DD'),
    reason: text(200).optional(),
    slots: z.array(z.strictObject({ start: localTime, end: localTime })).max(12, 'at most 12 slots a day'),
  })
  .superRefine((day, ctx) => {
    for (const index of slotOrderIssues(day.slots)) {
      ctx.addIssue({ code: 'custom', path: ['slots', index.at, index.field], message: index.message });
    }
  });

const zoneSchema = z
  .strictObject({
    name: requiredText(NAME_MAX.zone),
    image: image.optional(),
    tables: z.array(tableSchema).min(1, 'a zone needs at least one table').max(LIST_MAX.tables, `at most ${LIST_MAX.tables} tables`),
    combinations: combinationsSchema,
  })
  .superRefine((zone, ctx) => {
    for (const index of duplicateIndexes(zone.tables.map((table) => table.name.toLowerCase()))) {
      ctx.addIssue({ code: 'custom', path: ['tables', index, 'name'], message: 'table names must be unique in a zone' });
    }
    for (const issue of combinationIssues(zone.tables, zone.combinations)) ctx.addIssue({ code: 'custom', ...issue });
  });

const staffEmail = z.string().trim().toLowerCase().max(254, 'at most 254 characters').pipe(z.email('a valid email address'));

// What a staff member may do; a definition without roles makes every listed member an owner (their rights before roles).
const staffRole = z.enum(STAFF_ROLES, `one of ${STAFF_ROLES.join(', ')}`).default(DEFAULT_STAFF_ROLE);

// A staff member comes with a password (hashed at import), or with the argon2id hash an export wrote.
const staffSchema = z.union([
  z.strictObject({
    email: staffEmail,
    role: staffRole,
    password: z.string().min(8, 'at least 8 characters').max(200, 'at most 200 characters'),
  }),
  z.strictObject({
    email: staffEmail,
    role: staffRole,
    passwordHash: z
      .string()
      .max(500)
      .regex(/^\$argon2id\$/, 'an argon2id hash'),
  }),
]);

// Where the restaurant's own messages go (docs/merchant-notifications.md): never shown to diners.
const notificationsSchema = z.strictObject({
  email: z.union([staffEmail, z.array(staffEmail).min(1, 'at least one address').max(10, 'at most 10 addresses')]).optional(),
  phone: phoneSchema.optional(),
  lang: z.enum(LANGS, `one of ${LANGS.join(', ')}`).optional(),
});

/** The merchant definition a provider imports (see shared/contract/README.md). */
export const merchantDefinitionSchema = z
  .strictObject({
    slug: slugSchema,
    name: requiredText(120),
    timezone: z.string().trim().refine(isValidTimezone, 'an IANA time zone such as Europe/Paris'),
    address: z.strictObject({
      address: requiredText(200),
      address2: text(200).default(''),
      zip: requiredText(20),
      city: requiredText(100),
      // ISO 3166-1 alpha-2; absent, it is the phone number's country (src/shared/merchant-country.ts).
      country: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code such as FR')
        .optional(),
      region: text(100).optional(),
    }),
    phone: phoneSchema,
    url: text(500)
      .refine((url) => isHttpUrl(url), 'an http(s) URL')
      .optional(),
    description: merchantText(2000).default(''),
    bookingDescription: merchantText(2000).default(''),
    logo: image.optional(),
    banner: image.optional(),
    theme: z.strictObject({ primary: colour, background: colour }),
    bookingEnabled: z.boolean().default(true),
    settings: settingsSchema,
    shifts: z.array(shiftSchema).max(7, 'at most one entry per weekday'),
    closedDays: z
      .array(z.string().trim().refine(isLocalDate, 'a real date written YYYY-MM-DD'))
      .max(2000, 'at most 2000 closed days')
      .default([])
      .transform((days) => [...new Set(days)].sort()),
    specialDays: z.array(specialDaySchema).max(1000, 'at most 1000 special days').default([]),
    zones: z.array(zoneSchema).min(1, 'at least one zone').max(50, 'at most 50 zones'),
    staff: z.array(staffSchema).max(LIST_MAX.staff, `at most ${LIST_MAX.staff} staff accounts`).default([]),
    notifications: notificationsSchema.optional(),
  })
  .superRefine((definition, ctx) => {
    for (const index of duplicateIndexes(definition.shifts.map((shift) => shift.day))) {
      ctx.addIssue({ code: 'custom', path: ['shifts', index, 'day'], message: 'each weekday may appear only once' });
    }
    for (const index of duplicateIndexes(definition.specialDays.map((day) => day.date))) {
      ctx.addIssue({ code: 'custom', path: ['specialDays', index, 'date'], message: 'each date may appear only once' });
    }
    for (const index of duplicateIndexes(definition.zones.map((zone) => zone.name.toLowerCase()))) {
      ctx.addIssue({ code: 'custom', path: ['zones', index, 'name'], message: 'zone names must be unique' });
    }
    for (const index of duplicateIndexes(definition.staff.map((member) => member.email))) {
      ctx.addIssue({ code: 'custom', path: ['staff', index, 'email'], message: 'staff emails must be unique' });
    }
  });

/** A validated merchant definition (trimmed, phone without spaces, defaults filled in). */
export type MerchantDefinition = z.infer<typeof merchantDefinitionSchema>;
/** A merchant definition as written in the JSON file, before defaults. */
export type MerchantDefinitionInput = z.input<typeof merchantDefinitionSchema>;

/** One problem found in a merchant definition: dotted field path ('' for the document) and message. */
export interface DefinitionIssue {
  path: string;
  message: string;
}

/** Validates a merchant definition or throws 'invalid_merchant_definition' listing every issue by dotted path. */
export function parseMerchantDefinition(input: unknown): MerchantDefinition {
  // Checked over the whole document, not field by field, so no field (nor a key) can be forgotten: the CLI
  // imports without the server's own check, and a lone surrogate would break the jsonb address column.
  const illFormed = illFormedTextPath(input);
  if (illFormed) {
    const path = dottedPath(illFormed);
    throw new DomainError('invalid_merchant_definition', { issues: [{ path, message: ILL_FORMED_TEXT_MESSAGE }] }, `${path}: ${ILL_FORMED_TEXT_MESSAGE}`);
  }
  const result = merchantDefinitionSchema.safeParse(input, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'required' : undefined),
  });
  if (result.success) return result.data;
  const issues: DefinitionIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const shown = issues.slice(0, 3).map((issue) => `${issue.path || '(document)'}: ${issue.message}`);
  const more = issues.length > shown.length ? ` (and ${issues.length - shown.length} more)` : '';
  throw new DomainError('invalid_merchant_definition', { issues }, shown.join('; ') + more);
}

/** What is wrong with a special day's slots: an end not after its start, a slot starting before the previous one ends. */
function slotOrderIssues(slots: ReadonlyArray<{ start: string; end: string }>): Array<{ at: number; field: 'start' | 'end'; message: string }> {
  const issues: Array<{ at: number; field: 'start' | 'end'; message: string }> = [];
  const valid = slots.map((slot, at) => ({ ...slot, at })).filter((slot) => isLocalTime(slot.start) && isLocalTime(slot.end));
  for (const slot of valid) if (slot.end <= slot.start) issues.push({ at: slot.at, field: 'end', message: 'must be after start' });
  const ordered = valid.filter((slot) => slot.end > slot.start).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.at - b.at));
  for (let i = 1; i < ordered.length; i++) {
    const slot = ordered[i]!;
    if (slot.start < ordered[i - 1]!.end) issues.push({ at: slot.at, field: 'start', message: 'overlaps another slot' });
  }
  return issues;
}
