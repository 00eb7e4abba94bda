/** Text set apart from the sentence it is written into, as far as direction goes (Unicode's first-strong isolate). */

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * `text` between FSI and PDI: its own direction (an Arabic name, or a right-to-left override a diner typed) ends with
 * it and never turns around the words after it, such as a booking's time and reference in the same line.
 */
export function bidiIsolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
