/** The staff side's stored bearer and merchants (local storage, apart from the diner's session; keys in OWN_STORAGE_KEYS). */
import { OWN_STORAGE_KEYS, readLocal, writeLocal } from '../platform/storage.ts';

/** The staff bearer (`/api/pro`), never the diner's: null when no staff member is signed in here. */
export function getStaffBearer(): string | null {
  return readLocal(OWN_STORAGE_KEYS.staffBearer) || null;
}

/** Stores (or with null removes) the staff bearer. */
export function setStaffBearer(bearer: string | null): void {
  writeLocal(OWN_STORAGE_KEYS.staffBearer, bearer);
}

/** The merchants the signed-in staff member acts for, as sign-in answered them (empty when none or unreadable). */
export function getStaffMerchants(): Array<{ slug: string; name: string }> {
  try {
    const value = JSON.parse(readLocal(OWN_STORAGE_KEYS.staffMerchants) ?? '[]') as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is { slug: string; name: string } => typeof item?.slug === 'string' && typeof item?.name === 'string');
  } catch {
    return [];
  }
}

/** The book's view as last chosen on this browser (null: none yet); an older browser's compact-list choice reads as "compact". */
export function getStaffViewName(): string | null {
  return readLocal(OWN_STORAGE_KEYS.staffView) ?? (readLocal(OWN_STORAGE_KEYS.staffCompact) === '1' ? 'compact' : null);
}

/** Remembers the book's view on this browser. */
export function setStaffViewName(view: string): void {
  writeLocal(OWN_STORAGE_KEYS.staffView, view);
  writeLocal(OWN_STORAGE_KEYS.staffCompact, null);
}

/** Stores (or with null removes) the staff member's merchants. */
export function setStaffMerchants(merchants: Array<{ slug: string; name: string }> | null): void {
  writeLocal(OWN_STORAGE_KEYS.staffMerchants, merchants ? JSON.stringify(merchants.map(({ slug, name }) => ({ slug, name }))) : null);
}
