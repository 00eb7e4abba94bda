/**
 * The guest-details page's recap of the booking being made, as Validate shows it (date and hour, guests, the zone when
 * shown), under the countdown of its table's hold: the diner sees what they are giving their details for, and how long
 * it is kept. Nothing shows without a draft stored for the current merchant.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { needMessages } from '../../../i18n/i18n.ts';
import frTracking from '../../../i18n/messages/fr/tracking.json' with { type: 'json' };
import { bookingApi } from '../../../lib/api/booking-api.ts';
import { countryUses12h } from '../../../shared/hour-cycle.ts';
import { phoneCountry } from '../../../shared/phone-display.ts';
import { getCurrentMerchant, getMerchantToken } from '../../../lib/platform/storage.ts';
import { $booking, takeLatestBooking } from '../../../stores/booking.ts';
import { $merchant } from '../../../stores/merchant.ts';
import HoldTimer from '../../shared/HoldTimer.tsx';
import RecapFacts from '../../shared/RecapFacts.tsx';
import { useHour12 } from '../../shared/use-hour12.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import '../../shared/booking-pages.css';

// The recap's texts are Validate's.
await needMessages('tracking', frTracking);

/** The countdown and the recap card of the stored draft. */
export default function DraftRecap() {
  const { lang, t } = useTranslation();
  const booking = useStore($booking);
  const merchant = useStore($merchant);
  const hour12 = useHour12(countryUses12h(merchant ? phoneCountry(merchant.phone) : null), lang);
  const titleId = useId();
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    const slug = getCurrentMerchant();
    const stored = slug ? getMerchantToken(slug) : null;
    if (!slug || !stored) return;
    setToken(stored);
    bookingApi.getBooking(stored, slug, lang).then(
      (answer) => void takeLatestBooking(answer.booking),
      // No recap rather than an error: the form works without it, and Validate reads the booking again.
      () => undefined,
    );
    // The booking is read once; its texts follow the language on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!booking || booking.token !== token || booking.status !== null) return null;
  return (
    <div className="au-recap">
      <HoldTimer t={t} />
      <section className="card trk-card" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('validate.recap')}</h2>
        <RecapFacts t={t} lang={lang} booking={booking} hour12={hour12} inline />
      </section>
    </div>
  );
}
