/**
 * The tracking island (/{merchantSlug}/booking_complete/{token}, spec sections 2 and 4): follows the booking live
 * (booking-complete.ts holds the flow) and shows header, notices, illustration and the sheet.
 * Offline, it shows the copy kept from the last visit (booking-snapshot.ts) while the banner says the page is offline.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect } from 'react';
import { errorMessage, needMessages } from '../../i18n/i18n.ts';
import frTracking from '../../i18n/messages/fr/tracking.json' with { type: 'json' };
import { mayManageBooking, trackingBackLink } from '../../lib/booking/booking-status.ts';
import { takeManageLink } from '../../lib/links/manage-link.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { bookingHomePath, matchRoute } from '../../lib/navigation/routes.ts';
import { removeFirstView } from '../../lib/tracking/tracking-first-view.ts';
import { trackingNotices } from '../../lib/tracking/tracking-notices.ts';
import { $booking } from '../../stores/booking.ts';
import { $bookingComplete, closeCancel, confirmCancel, followBookingComplete, openCancel } from '../../stores/booking-complete.ts';
import { $merchant } from '../../stores/merchant.ts';
import BookingSheet from './parts/BookingSheet.tsx';
import BookingPageFailure from '../shared/BookingPageFailure.tsx';
import CancelBookingModal from '../shared/CancelBookingModal.tsx';
import TrackingAlerts from './parts/TrackingAlerts.tsx';
import TrackingHeader from './parts/TrackingHeader.tsx';
import TrackingNotices from './parts/TrackingNotices.tsx';
import TrackingWaiting from './parts/TrackingWaiting.tsx';
import '../shared/booking-pages.css';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation } from '../shared/use-translation.ts';
import { useHour12 } from '../shared/use-hour12.ts';
import { loadPhoneDisplay } from '../shared/use-phone-display.ts';

// Renders only once the booking's own messages (validate, tracking, its modals) are loaded in the page's language.
await needMessages('tracking', frTracking);

/** What the static shell knows. */
export interface BookingCompleteProps {
  merchantSlug: string;
  /** The provider named in the powered-by footer. */
  providerName: string;
  providerUrl: string;
  /** Whether the merchant's country writes 12-hour times (read from its phone at build time: no phone metadata before hydration). */
  merchantHour12?: boolean;
}

/** The tracking page's content. */
export default function BookingComplete({ merchantSlug, providerName, providerUrl, merchantHour12 = false }: BookingCompleteProps) {
  const hydrated = useHydrated();
  const { lang, t } = useTranslation();
  const booking = useStore($booking);
  const merchant = useStore($merchant);
  const page = useStore($bookingComplete);
  const hour12 = useHour12(merchantHour12, lang);

  // The phone formatters load while the booking is read, not once its card first shows.
  useEffect(() => void loadPhoneDisplay().catch(() => {}), []);

  useEffect(() => {
    const { token } = matchRoute(globalThis.location.pathname);
    if (!token) {
      navigate(bookingHomePath(merchantSlug));
      return;
    }
    // The diner's own link (#manage=KEY) leaves the address at once, and becomes this booking's session before anything is read.
    return followBookingComplete(merchantSlug, token, takeManageLink);
  }, [merchantSlug]);

  const waiting = !hydrated || page.phase === 'loading' || (page.phase === 'ready' && (!booking || !merchant));
  // In the same frame as the booking (or the failure) appears: the page never shows both views.
  useLayoutEffect(() => {
    if (!waiting) removeFirstView();
  }, [waiting]);

  if (waiting) return <TrackingWaiting t={t} hydrated={hydrated} />;
  if (page.phase === 'failed' || !booking || !merchant)
    return <BookingPageFailure t={t} title={t('complete.title')} message={errorMessage(lang, page.failure ?? 'generic')} merchantSlug={merchantSlug} />;

  const notices = trackingNotices(booking, page.now);
  // Only the owner's session (or the manage link's) changes the booking; a shared link only follows it.
  const canManage = mayManageBooking(booking);
  // Hydrated here: the referrer and the address are the browser's.
  const backHref = trackingBackLink(booking.status, {
    merchantSlug,
    referrer: globalThis.document.referrer,
    merchantUrl: merchant.url ?? '',
    here: globalThis.location.href,
  });
  return (
    <div className="trk-page trk-complete" data-live={page.subscribed ? 'subscribed' : 'connecting'}>
      <TrackingHeader t={t} booking={booking} merchantSlug={merchantSlug} backHref={backHref} canManage={canManage} />
      <TrackingAlerts
        t={t}
        lang={lang}
        manageFailure={page.manageFailure}
        cancelLinkResult={page.cancelLinkResult}
        canManage={canManage}
        offlineCopyAt={page.offlineCopyAt}
      />
      <TrackingNotices t={t} booking={booking} notices={notices} phone={merchant.phone} />
      <BookingSheet
        t={t}
        lang={lang}
        booking={booking}
        merchant={merchant}
        merchantHour12={merchantHour12}
        providerName={providerName}
        providerUrl={providerUrl}
        canManage={canManage}
        onCancel={openCancel}
      />
      <CancelBookingModal open={page.cancelOpen} hour12={hour12} booking={booking} onClose={closeCancel} onConfirm={() => confirmCancel(lang)} />
    </div>
  );
}
