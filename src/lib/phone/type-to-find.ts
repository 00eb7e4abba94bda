/** Type-to-find in the country dropdown (spec section 4): typed letters jump to the first country whose name starts with them; the typed prefix resets after 700 ms. */

/** How long typed letters are kept together. */
export const TYPE_TO_FIND_RESET_MS = 700;

/** Letters compared without case or accents ('É' finds 'Égypte' and 'egypte'). */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** A keystroke handler remembering the typed prefix. */
export interface TypeToFind {
  /** Adds a typed character at time `now` (ms) and returns the index of the first matching name, or -1. */
  type(character: string, names: readonly string[], now: number): number;
  /** The prefix typed so far. */
  prefix(): string;
}

/** A type-to-find state: characters typed less than `resetMs` apart make one prefix. */
export function createTypeToFind(resetMs = TYPE_TO_FIND_RESET_MS): TypeToFind {
  let typed = '';
  let last = Number.NEGATIVE_INFINITY;
  return {
    type(character, names, now) {
      typed = now - last > resetMs ? character : typed + character;
      last = now;
      const wanted = foldName(typed);
      return names.findIndex((name) => foldName(name).startsWith(wanted));
    },
    prefix: () => typed,
  };
}
