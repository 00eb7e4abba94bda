/** BookingHome's booking island: the four stacked choosers (date, guests, zone, time) and the actions, or the main error page. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { errorMessage } from '../../i18n/i18n.ts';
import type { FailureCode } from '../../shared/api/outcome.ts';
import { $mainError, readPageMerchantData } from '../../stores/merchant.ts';
import { startBookingHome } from '../../stores/home.ts';
import { followAvailability } from '../../stores/availability-live.ts';
import BookingActions from './parts/BookingActions.tsx';
import BookingSkeleton from './parts/BookingSkeleton.tsx';
import DateChooser from './parts/DateChooser.tsx';
import GuestsChooser from './parts/GuestsChooser.tsx';
import MainErrorPage from './parts/MainErrorPage.tsx';
import NoTableToday from './parts/NoTableToday.tsx';
import SlotGrid from './parts/SlotGrid.tsx';
import ZoneChooser from './parts/ZoneChooser.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation } from '../shared/use-translation.ts';
import './booking-home.css';
// The header's controls run with the island: one script file less before the page is interactive.
import './booking-home-header.ts';

/** What the page passes in (the merchant's data itself comes from the page's #merchant-data). */
export interface BookingHomeProps {
  slug: string;
  providerUrl: string;
  providerName: string;
}

// No answer at all (offline, timeout, a server error) is not the merchant's refusal: the choosers stay.
const TRANSIENT: ReadonlySet<FailureCode> = new Set(['network_error', 'timeout', 'internal_error']);

/** The booking island of /{merchantSlug}. */
export default function BookingHome({ slug, providerUrl, providerName }: BookingHomeProps) {
  const hydrated = useHydrated();
  const { lang } = useTranslation();
  const mainError = useStore($mainError);

  useEffect(() => {
    const data = readPageMerchantData();
    if (data) void startBookingHome(data, globalThis.location.search);
  }, []);
  // Closings staff make while the page is open: the chosen date's times follow them.
  useEffect(() => followAvailability(), []);

  if (!hydrated) return <BookingSkeleton />;
  if (mainError && !TRANSIENT.has(mainError.code)) {
    return <MainErrorPage error={mainError} providerUrl={providerUrl} providerName={providerName} />;
  }
  return (
    <div className="bh">
      {mainError && (
        <p className="bh-error" role="alert">
          {errorMessage(lang, mainError.code)}
        </p>
      )}
      <DateChooser />
      <NoTableToday />
      <GuestsChooser />
      <ZoneChooser />
      <SlotGrid />
      <BookingActions slug={slug} />
    </div>
  );
}
