/**
 * How many segments a text message takes (3GPP TS 23.038): GSM-7 when every character is in its default alphabet or
 * extension table (160 septets in one segment, 153 per part when split), else UCS-2 (70 characters, 67 per part).
 */

/** The GSM 03.38 default alphabet (one septet each). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: an escape septet then the character (two septets each). */
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/** One segment's capacity: a single message, and each part of a split (concatenation) one. */
const CAPACITY = { 'GSM-7': { single: 160, part: 153 }, 'UCS-2': { single: 70, part: 67 } } as const;

/** The encoding a text message goes in. */
export type SmsEncoding = keyof typeof CAPACITY;

/** What a text costs: its encoding, its length in that encoding's units, and its segments. */
export interface SmsSize {
  encoding: SmsEncoding;
  length: number;
  segments: number;
}

/** Whether every character of the text is in the GSM-7 alphabet (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7_BASIC.has(char) && !GSM7_EXTENSION.has(char)) return false;
  return true;
}

/** The size of a text message: GSM-7 septets (extension characters count two), else UTF-16 code units. */
export function smsSize(text: string): SmsSize {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  let length = 0;
  if (encoding === 'GSM-7') for (const char of text) length += GSM7_EXTENSION.has(char) ? 2 : 1;
  else length = text.length;
  const { single, part } = CAPACITY[encoding];
  return { encoding, length, segments: length === 0 ? 1 : length <= single ? 1 : Math.ceil(length / part) };
}

/** The characters of one segment for a text in this encoding. */
export function singleSegmentCapacity(encoding: SmsEncoding): number {
  return CAPACITY[encoding].single;
}

/** The characters a text in this encoding holds in at most `segments` segments (a split one's parts hold less each). */
export function segmentsCapacity(encoding: SmsEncoding, segments: number): number {
  return segments <= 1 ? CAPACITY[encoding].single : CAPACITY[encoding].part * segments;
}

/** Typography GSM-7 lacks, written with what it has. */
const LOOKALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u00b7': '.',
  '\u2022': '-',
};

/**
 * The text with what GSM-7 lacks spelt with what it has (typographic quotes and dashes, no-break spaces, and accented
 * letters whose base letter it has: á → a, ç → c), so a French, Spanish or Italian message stays in one 160-character
 * segment; a character with no such spelling (an emoji, a kanji) is kept, and the message then goes as UCS-2.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char)) out += char;
    else if (char in LOOKALIKES) out += LOOKALIKES[char];
    else {
      const base = char.normalize('NFD').replace(/\p{M}+/gu, '');
      out += base !== char && base.length > 0 && isGsm7(base) ? base : char;
    }
  }
  return out;
}
