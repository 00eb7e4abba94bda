/** A text message written to fit one segment (or the few it is allowed): GSM-7 spelling, then the longest free texts (names) shortened if need be. */
import { segmentsCapacity, smsSize, toGsm7 } from '../sms-segments.ts';

/** The shortest a shortened name gets: still recognisable. */
const MIN_KEPT = 12;

/** Values substituted into a text message. */
type SmsValues = Record<string, string | number>;

/** One line, single-spaced: a hostile name's line breaks and runs of spaces would waste a segment. */
const oneLine = (value: string | number) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);

/**
 * The message `render` writes from `values`, in GSM-7 where it can be; while it is GSM-7 and longer than `segments` (one),
 * the longest of the `shrinkable` values is cut (ending with a dot) down to what fits, never below 12 characters.
 * A text that needs UCS-2 anyway (a name in kanji) is left whole: shortening would not bring it to one segment.
 */
export function fitSms(render: (values: SmsValues) => string, values: SmsValues, shrinkable: readonly string[], segments = 1): string {
  let current: SmsValues = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, oneLine(value)]));
  let text = toGsm7(render(current));
  for (let round = 0; round < shrinkable.length * 2; round++) {
    const size = smsSize(text);
    const over = size.length - segmentsCapacity(size.encoding, segments);
    if (over <= 0 || size.encoding !== 'GSM-7') break;
    const key = shrinkable
      .filter((name) => String(current[name] ?? '').length > MIN_KEPT)
      .sort((a, b) => String(current[b]).length - String(current[a]).length)[0];
    if (key === undefined) break;
    const chars = Array.from(toGsm7(String(current[key])));
    const keep = Math.max(MIN_KEPT - 1, chars.length - over - 1);
    current = { ...current, [key]: `${chars.slice(0, keep).join('').trimEnd()}.` };
    text = toGsm7(render(current));
  }
  return text;
}
