/** Whether an island writes 12-hour times: the merchant's convention, refined by the browser's in English (src/shared/hour-cycle.ts). */
import { useMemo } from 'react';
import type { Lang } from '../../i18n/t.ts';
import { browserUses12h, uses12h } from '../../shared/hour-cycle.ts';

/** The clock for `lang`: islands render after hydration, so the browser's locale may be read. */
export function useHour12(merchant12h: boolean, lang: Lang): boolean {
  const browser12h = useMemo(() => browserUses12h(), []);
  return uses12h({ merchant12h, lang, browser12h });
}
