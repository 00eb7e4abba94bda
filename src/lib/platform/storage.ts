/** The browser's stored keys of spec section 3, safe where storage is unavailable (e.g. a sandboxed iframe). */
import { isLang, type Lang } from '../../shared/langs.ts';

/** The exact storage key names of spec section 3 (plus token_{merchant}, see merchantTokenKey). */
export const STORAGE_KEYS = {
  bearer: 'bearer',
  refreshToken: 'refresh_token',
  currentLang: 'currentLang',
  currentMerchant: 'current_merchant',
  userToken: 'userToken',
} as const;

/**
 * The site's own keys, beyond the spec's: the booking a guest bearer belongs to, the last guest's details to prefill
 * NoAuth, (in session storage) the page a diner left by clicking "Sign in", to come back to after signing in, and the
 * staff side's bearer and merchants, kept apart from the diner's session: a staff token never acts as a diner.
 */
export const OWN_STORAGE_KEYS = {
  guestBooking: 'guest_booking',
  guestDetails: 'guest_details',
  returnPath: 'return_path',
  pendingManageKey: 'manage_pending',
  staffBearer: 'staff_bearer',
  staffMerchants: 'staff_merchants',
  staffCompact: 'staff_compact',
  staffView: 'staff_view',
} as const;

/** The key of the booking token stored for a merchant: token_{merchant}. */
export function merchantTokenKey(merchantSlug: string): string {
  return `token_${merchantSlug}`;
}

/** A guest's contact details as stored for the next NoAuth (phone as sent: E.164 when the widget judged it valid). */
export interface StoredGuestDetails {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
}

type Area = 'local' | 'session';

// When the browser refuses storage, values still live for the page's lifetime.
const fallback: Record<Area, Map<string, string>> = { local: new Map(), session: new Map() };

function storageOf(area: Area): Storage | undefined {
  try {
    // Reading the property itself throws a SecurityError in sandboxed iframes.
    const storage = area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}

function read(area: Area, key: string): string | null {
  const storage = storageOf(area);
  if (storage) {
    try {
      return storage.getItem(key);
    } catch {
      // Falls through to the page-lifetime copy.
    }
  }
  return fallback[area].get(key) ?? null;
}

function write(area: Area, key: string, value: string | null): void {
  if (value === null) fallback[area].delete(key);
  else fallback[area].set(key, value);
  const storage = storageOf(area);
  if (!storage) return;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the page-lifetime copy is kept.
  }
}

/** Reads a local storage key (null when absent or unavailable). */
export function readLocal(key: string): string | null {
  return read('local', key);
}

/** Writes a local storage key; null removes it. */
export function writeLocal(key: string, value: string | null): void {
  write('local', key, value);
}

/** Reads a session storage key: this tab's (null when absent or unavailable). */
export function readSession(key: string): string | null {
  return read('session', key);
}

/** Writes a session storage key; null removes it. */
export function writeSession(key: string, value: string | null): void {
  write('session', key, value);
}

/** The stored bearer credential, if any. */
export function getBearer(): string | null {
  return readLocal(STORAGE_KEYS.bearer) || null;
}

/** Stores (or with null removes) the bearer credential. */
export function setBearer(bearer: string | null): void {
  writeLocal(STORAGE_KEYS.bearer, bearer);
}

/** The stored OAuth refresh token, if any. */
export function getRefreshToken(): string | null {
  return readLocal(STORAGE_KEYS.refreshToken) || null;
}

/** Stores (or with null removes) the OAuth refresh token. */
export function setRefreshToken(token: string | null): void {
  writeLocal(STORAGE_KEYS.refreshToken, token);
}

/** Forgets the session: bearer, refresh token and the booking a guest bearer belonged to (booking tokens stay). */
export function clearSession(): void {
  setBearer(null);
  setRefreshToken(null);
  setGuestBooking(null);
}

/** A stored language value as one of ours ('en', 'en-GB', 'fr-fr' all count), else null. */
export function normalizeLang(value: string | null | undefined): Lang | null {
  const code = (value ?? '').trim().slice(0, 2).toLowerCase();
  return isLang(code) ? code : null;
}

/** The stored language: session storage first, then local storage (the two parts of the product differ). */
export function getStoredLang(): Lang | null {
  return normalizeLang(read('session', STORAGE_KEYS.currentLang)) ?? normalizeLang(read('local', STORAGE_KEYS.currentLang));
}

/** Stores the language in both local and session storage. */
export function setStoredLang(lang: Lang): void {
  write('session', STORAGE_KEYS.currentLang, lang);
  write('local', STORAGE_KEYS.currentLang, lang);
}

/** The slug of the merchant the diner last booked with. */
export function getCurrentMerchant(): string | null {
  return readLocal(STORAGE_KEYS.currentMerchant) || null;
}

/** Stores (or with null removes) the current merchant's slug. */
export function setCurrentMerchant(merchantSlug: string | null): void {
  writeLocal(STORAGE_KEYS.currentMerchant, merchantSlug);
}

/** The booking token stored for a merchant: this tab's own (session storage) first, else the browser's last one. */
export function getMerchantToken(merchantSlug: string): string | null {
  return getTabMerchantToken(merchantSlug) ?? (readLocal(merchantTokenKey(merchantSlug)) || null);
}

/**
 * The booking token this tab stored for a merchant (session storage): a booking in progress is the tab's own, so
 * another tab of the browser never takes it up and changes it under this one.
 */
export function getTabMerchantToken(merchantSlug: string): string | null {
  return read('session', merchantTokenKey(merchantSlug)) || null;
}

/** Stores (or with null removes) the booking token of a merchant, for this tab and for the browser. */
export function setMerchantToken(merchantSlug: string, token: string | null): void {
  write('session', merchantTokenKey(merchantSlug), token);
  writeLocal(merchantTokenKey(merchantSlug), token);
}

/** The random string a social sign-in is bound to, if one is under way. */
export function getUserToken(): string | null {
  return readLocal(STORAGE_KEYS.userToken) || null;
}

/** Stores (or with null removes) the social sign-in's userToken. */
export function setUserToken(userToken: string | null): void {
  writeLocal(STORAGE_KEYS.userToken, userToken);
}

/** The booking token the stored bearer's guest session is limited to (null for an account's bearer, or none). */
export function getGuestBooking(): string | null {
  return readLocal(OWN_STORAGE_KEYS.guestBooking) || null;
}

/** Stores (or with null removes) the booking token the stored guest bearer belongs to. */
export function setGuestBooking(bookingToken: string | null): void {
  writeLocal(OWN_STORAGE_KEYS.guestBooking, bookingToken);
}

/** The key of the guest bearer kept with its booking: guest_bearer_{token}. */
export function guestBearerKey(bookingToken: string): string {
  return `guest_bearer_${bookingToken}`;
}

/** The guest session minted for a booking, kept so the booking stays manageable after the diner booked again. */
export function getGuestBearer(bookingToken: string): string | null {
  return readLocal(guestBearerKey(bookingToken)) || null;
}

/** Stores (or with null removes) the guest session of a booking. */
export function setGuestBearer(bookingToken: string, bearer: string | null): void {
  writeLocal(guestBearerKey(bookingToken), bearer);
}

/** The last guest's contact details as NoAuth sent them, to prefill the next booking's (null when none or unreadable). */
export function getGuestDetails(): StoredGuestDetails | null {
  const text = readLocal(OWN_STORAGE_KEYS.guestDetails);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredGuestDetails> | null;
    if (!value || typeof value.firstname !== 'string' || typeof value.lastname !== 'string' || typeof value.phone !== 'string') return null;
    return { firstname: value.firstname, lastname: value.lastname, phone: value.phone, email: typeof value.email === 'string' ? value.email : '' };
  } catch {
    return null;
  }
}

/** Stores (or with null removes) the last guest's contact details. */
export function setGuestDetails(details: StoredGuestDetails | null): void {
  writeLocal(OWN_STORAGE_KEYS.guestDetails, details ? JSON.stringify(details) : null);
}

/** Whether a value is a path of this site ("/x", never "//host" or a URL), so going there cannot leave the site. */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f]/.test(value);
}

/** The page to go back to after signing in, if the diner left one by clicking "Sign in" in this tab. */
export function getReturnPath(): string | null {
  const value = read('session', OWN_STORAGE_KEYS.returnPath);
  return value && isSitePath(value) ? value : null;
}

/** Stores (or with null removes) the page to go back to after signing in; anything but a site path is ignored. */
export function setReturnPath(path: string | null): void {
  write('session', OWN_STORAGE_KEYS.returnPath, path !== null && isSitePath(path) ? path : null);
}

/**
 * The manage key of a booking whose exchange is still under way in this tab (session storage, manage_pending_{token}):
 * a page opened before it ended (an Edit tapped at once) trades it itself. Removed as soon as the exchange ends.
 */
export function getPendingManageKey(bookingToken: string): string | null {
  return read('session', `${OWN_STORAGE_KEYS.pendingManageKey}_${bookingToken}`);
}

/** Keeps (or with null forgets) the manage key of a booking whose exchange is under way in this tab. */
export function setPendingManageKey(bookingToken: string, manageKey: string | null): void {
  write('session', `${OWN_STORAGE_KEYS.pendingManageKey}_${bookingToken}`, manageKey);
}

/** Forgets the page-lifetime copies (tests start each case clean with it). */
export function resetStorageFallback(): void {
  fallback.local.clear();
  fallback.session.clear();
}
