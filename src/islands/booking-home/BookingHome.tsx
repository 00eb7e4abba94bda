/** BookingHome's booking island: the four stacked choosers (date, guests, zone, time) and the actions, or the main error page. */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { errorMessage } from '../../i18n/i18n.ts';
import type { FailureCode } from '../../shared/api/outcome.ts';
import { $mainError, readPageMerchantData } from '../../stores/merchant.ts';
import { startBookingHome } from '../../stores/home.ts';
import { $noTableToday } from '../../stores/slots.ts';
import BookingActions from './parts/BookingActions.tsx';
import BookingSkeleton from './parts/BookingSkeleton.tsx';
import DateChooser from './parts/DateChooser.tsx';
import GuestsChooser from './parts/GuestsChooser.tsx';
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

// Shown only after a refusal, or when asap finds no table today: loaded then, not before the page is interactive.
const MainErrorPage = lazy(() => import('./parts/MainErrorPage.tsx'));
const NoTableToday = lazy(() => import('./parts/NoTableToday.tsx'));

// No answer at all (offline, timeout, a server error) is not the merchant's refusal: the choosers stay.
const TRANSIENT: ReadonlySet<FailureCode> = new Set(['network_error', 'timeout', 'internal_error']);

/** The booking island of /{merchantSlug}. */
export default function BookingHome({ slug, providerUrl, providerName }: BookingHomeProps) {
  const hydrated = useHydrated();
  const { lang } = useTranslation();
  const mainError = useStore($mainError);
  const noTableToday = useStore($noTableToday).status !== 'idle';

  useEffect(() => {
    const data = readPageMerchantData();
    if (data) void startBookingHome(data, globalThis.location.search);
  }, []);
  // Closings staff make while the page is open: the chosen date's times follow them, from the diner's first touch on
  // (followAvailability waits for it); its module loads once the page is interactive.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('../../stores/availability-live.ts').then(({ followAvailability }) => {
      if (!unmounted) stop = followAvailability();
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);

  if (!hydrated) return <BookingSkeleton />;
  if (mainError && !TRANSIENT.has(mainError.code)) {
    return (
      <Suspense fallback={<BookingSkeleton />}>
        <MainErrorPage error={mainError} providerUrl={providerUrl} providerName={providerName} />
      </Suspense>
    );
  }
  return (
    <div className="bh">
      {mainError && (
        <p className="bh-error" role="alert">
          {errorMessage(lang, mainError.code)}
        </p>
      )}
      <DateChooser />
      {noTableToday && (
        <Suspense fallback={null}>
          <NoTableToday />
        </Suspense>
      )}
      <GuestsChooser />
      <ZoneChooser />
      <SlotGrid />
      <BookingActions slug={slug} />
    </div>
  );
}
