/** Phone numbers: only valid international numbers, kept in E.164 form, by the rule the browser's widget applies too. */
import { BoundedMemo } from '../../shared/bounded-memo.ts';
import { checkPhone, PHONE_MAX_TEXT, type PhoneProblem } from '../../shared/phone-number.ts';

/** Longest phone input accepted (the phone widget's maxlength). */
export const MAX_PHONE_INPUT = PHONE_MAX_TEXT;

// Parsing a number costs about 0.1 ms and a booking reads its diner's phone several times (details, validation, limits).
const known = new BoundedMemo<string | undefined>(10_000);

/** The E.164 form of a valid international number ('+33612345678', '0033…' too), or undefined for anything else. */
export function internationalPhone(input: string): string | undefined {
  return known.get(input, () => {
    const check = checkPhone(input);
    return check.ok ? check.number : undefined;
  });
}

/** Why a phone is refused (a national number has no country to be read in: needs_country), or undefined when it is valid. */
export function phoneProblem(input: string): PhoneProblem | undefined {
  const check = checkPhone(input);
  return check.ok ? undefined : check.problem;
}
