/**
 * A diner's profile at one restaurant, kept by its staff (never shown to the diner): tags, allergies and a note that
 * follow the diner from booking to booking there. Both sides read these bounds.
 */

/** The 14 allergens EU Regulation 1169/2011 (Annex II) makes restaurants declare, in its order. */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'tree_nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;

/** One of the 14 EU allergens (gluten: cereals containing gluten). */
export type Allergen = (typeof ALLERGENS)[number];

/** Longest seating preference ("by the window", "quiet corner"). */
export const MAX_SEATING_LENGTH = 80;

/** Longest note on a diner. */
export const MAX_GUEST_NOTE_LENGTH = 1000;

/** What staff keep on a diner. */
export interface GuestTags {
  vip: boolean;
  regular: boolean;
  /** A short seating preference, empty when none. */
  seating: string;
  /** Allergens from ALLERGENS, in its order, each once. */
  allergens: Allergen[];
  note: string;
}

/** A profile with nothing in it. */
export const EMPTY_GUEST_TAGS: GuestTags = { vip: false, regular: false, seating: '', allergens: [], note: '' };

/** The allergens given, each once, in the regulation's order. */
export function orderedAllergens(allergens: readonly string[]): Allergen[] {
  return ALLERGENS.filter((allergen) => allergens.includes(allergen));
}

/** Whether a profile holds anything worth a badge or a line on the day sheet. */
export function hasGuestTags(tags: GuestTags | null | undefined): tags is GuestTags {
  return !!tags && (tags.vip || tags.regular || tags.seating !== '' || tags.allergens.length > 0 || tags.note !== '');
}
