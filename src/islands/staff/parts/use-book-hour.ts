/** How the staff book writes a merchant-local "HH:mm": on the merchant's clock, as the diner's side does (src/shared/hour-cycle.ts). */
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { countryUses12h, formatHour } from '../../../shared/hour-cycle.ts';
import { phoneCountry } from '../../../shared/phone-display.ts';
import { $staffBook } from '../../../stores/staff-book.ts';
import { useHour12 } from '../../shared/use-hour12.ts';
import { useTranslation } from '../../shared/use-translation.ts';

/** A function writing "19:30" as the book shows it ("7:30 PM" for a 12-hour merchant, or in English on a 12-hour browser). */
export function useBookHour(): (hour: string) => string {
  const { lang } = useTranslation();
  const merchantPhone = useStore($staffBook).merchantPhone;
  const twelve = useHour12(countryUses12h(merchantPhone ? phoneCountry(merchantPhone) : null), lang);
  return useCallback((hour: string) => formatHour(hour, lang, twelve), [lang, twelve]);
}
