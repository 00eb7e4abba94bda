/**
 * The tracking island (/{merchantSlug}/booking_complete/{token}, spec sections 2 and 4): subscribes to the booking's
 * live channel, then loads the booking, and reloads it on every newer UpdateBooking and every (re)subscription; shows
 * header, notices, illustration and the sheet.
 * Offline, it shows the copy kept from the last visit (booking-snapshot.ts) while the banner says the page is offline.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage, needMessages } from '../../i18n/i18n.ts';
import frTracking from '../../i18n/messages/fr/tracking.json' with { type: 'json' };
import { isApiError, readApiAnswer } from '../../lib/api/api-client.ts';
import type { GetBookingResponse } from '../../shared/api/booking.ts';
import { bookingApi } from '../../lib/api/booking-api.ts';
import { readBookingSnapshot, saveBookingSnapshot } from '../../lib/tracking/booking-snapshot.ts';
import { dropFirstBookingRead, takeFirstBookingRead } from '../../lib/api/first-booking-read.ts';
import { mayManageBooking, trackingBackLink } from '../../lib/booking/booking-status.ts';
import { longDate } from '../../lib/text/long-date.ts';
import { takeManageLink } from '../../lib/links/manage-link.ts';
import { cancelLinkOutcome, type CancelLinkOutcome } from '../../lib/links/cancel-link.ts';
import { navigate } from '../../lib/navigation/navigate.ts';
import { subscribeToBooking } from '../../lib/api/realtime.ts';
import { bookingHomePath, matchRoute } from '../../lib/navigation/routes.ts';
import { removeFirstView } from '../../lib/tracking/tracking-first-view.ts';
import { trackingNotices } from '../../lib/tracking/tracking-notices.ts';
import { $lang } from '../../stores/lang.ts';
import { $booking, cancelCurrentBooking, loadBooking, takeBooking } from '../../stores/booking.ts';
import { $merchant, takeMerchant } from '../../stores/merchant.ts';
import { openManageLink, type ManageLinkOutcome } from '../../stores/manage-link.ts';
import BookingSheet from './parts/BookingSheet.tsx';
import CancelBookingModal from '../shared/CancelBookingModal.tsx';
import TrackingHeader from './parts/TrackingHeader.tsx';
import TrackingNotices from './parts/TrackingNotices.tsx';
import '../shared/booking-pages.css';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation } from '../shared/use-translation.ts';
import { countryUses12h } from '../../lib/text/hour-cycle.ts';
import { phoneCountry } from '../../lib/phone/phone-display.ts';
import { useHour12 } from '../shared/use-hour12.ts';

// Renders only once the booking's own messages (validate, tracking, its modals) are loaded in the page's language.
await needMessages('tracking', frTracking);

/** What the static shell knows. */
export interface BookingCompleteProps {
  merchantSlug: string;
  /** The provider named in the powered-by footer. */
  providerName: string;
  providerUrl: string;
}

type Phase = 'loading' | 'ready' | 'failed';

// api/booking/get, keeping each answer so the page still shows the booking offline.
const getAndKeep = async (...args: Parameters<typeof bookingApi.getBooking>): Promise<GetBookingResponse> => {
  const [token, merchantSlug, lang] = args;
  // The first time, the page's own script has already asked (first-booking-read.ts): its answer is taken over.
  const first = lang && takeFirstBookingRead({ token, merchantSlug, lang });
  const answer = first ? await readApiAnswer<GetBookingResponse>(first) : await bookingApi.getBooking(...args);
  // The offline copy is the newest revision seen, never a read that answered after a later one.
  const held = $booking.get();
  if (held?.token !== answer.booking.token || held.revision <= answer.booking.revision) saveBookingSnapshot(answer);
  return answer;
};

const two = (value: number) => String(value).padStart(2, '0');
// When the offline copy was read, on the diner's own clock.
const localDay = (date: Date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
const localHour = (date: Date) => `${two(date.getHours())}:${two(date.getMinutes())}`;

const unreachable = (failure: unknown) => {
  const code = isApiError(failure) ? failure.code : failure;
  return code === 'network_error' || code === 'timeout';
};

/** The tracking page's content. */
export default function BookingComplete({ merchantSlug, providerName, providerUrl }: BookingCompleteProps) {
  const hydrated = useHydrated();
  const { lang, t } = useTranslation();
  const booking = useStore($booking);
  const merchant = useStore($merchant);
  const hour12 = useHour12(countryUses12h(merchant ? phoneCountry(merchant.phone) : null), lang);
  const [phase, setPhase] = useState<Phase>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  // When the booking shown is the copy kept offline: when it was read (unix ms).
  const [offlineCopyAt, setOfflineCopyAt] = useState<number | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [backHref, setBackHref] = useState<string | null>(null);
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const shown = useRef(false);
  // Whether the live channel is up (data-live on the page, for whoever needs to know updates will show).
  const [subscribed, setSubscribed] = useState(false);
  // The manage link's exchange, started once; and why it failed (the page then stays view-only).
  const manageExchange = useRef<Promise<ManageLinkOutcome> | null>(null);
  // The key while its exchange may still be tried again (it failed for want of a network).
  const manageKey = useRef<string | null>(null);
  const [manageFailure, setManageFailure] = useState<string | null>(null);
  // The reminder's cancel link (&action=cancel): 'asked' until the key's exchange has ended, 'exchanged' (with whether
  // the key was accepted) until the booking is read, then what it led to (the modal, or why it cannot cancel).
  const cancelLink = useRef<'asked' | null>(null);
  const [cancelLinkKey, setCancelLinkKey] = useState<boolean | null>(null);
  const [cancelLinkResult, setCancelLinkResult] = useState<CancelLinkOutcome | null>(null);

  const load = useCallback(
    async (token: string) => {
      try {
        await loadBooking(merchantSlug, token, $lang.get(), { getBooking: getAndKeep });
        shown.current = true;
        setOfflineCopyAt(null);
        setFailure(null);
        setNow(Math.floor(Date.now() / 1000));
        setPhase('ready');
      } catch (error) {
        // A reload that fails keeps what is shown; only a first load falls back to the copy, or fails.
        if (shown.current) return;
        const snapshot = unreachable(error) ? readBookingSnapshot(token) : null;
        if (snapshot) {
          takeMerchant(snapshot.answer);
          takeBooking(snapshot.answer.booking);
          shown.current = true;
          setOfflineCopyAt(snapshot.savedAt);
          setPhase('ready');
          return;
        }
        setFailure(isApiError(error) ? error.code : 'generic');
        setPhase('failed');
      }
    },
    [merchantSlug],
  );

  useEffect(() => {
    const { token } = matchRoute(globalThis.location.pathname);
    if (!token) {
      navigate(bookingHomePath(merchantSlug));
      return;
    }
    // The diner's own link (#manage=KEY): the key leaves the address at once and becomes this booking's session before
    // anything is read, so the page shows what its owner may do. Kept in a ref: a second run of the effect reuses it.
    if (!manageExchange.current) {
      const link = takeManageLink();
      manageKey.current = link?.key ?? null;
      if (link?.action === 'cancel') cancelLink.current = 'asked';
      manageExchange.current = manageKey.current ? openManageLink(token, manageKey.current, $lang.get()) : null;
    }
    // An update published before the channel is subscribed never arrives: the channel is asked for first, then the
    // booking is read, and read again each time the channel is subscribed (the first time, and after every reconnection,
    // when pusher-js subscribes anew). Reads and events may cross: the newest revision stays (takeLatestBooking).
    let channelDown = false;
    let stopped = false;
    let live: ReturnType<typeof subscribeToBooking> | null = null;
    const follow = () => {
      const subscription = subscribeToBooking(
        token,
        (event) => {
          const held = $booking.get();
          if (held?.token !== token || event.revision > held.revision) void load(token);
        },
        {
          onSubscribed: () => {
            setSubscribed(true);
            void load(token);
          },
        },
      );
      subscription.ready.catch(() => (channelDown = true));
      return subscription;
    };
    const start = () => {
      live = follow();
      void load(token);
    };
    const exchange = manageExchange.current;
    if (exchange) {
      void exchange.then((outcome) => {
        if (stopped) return;
        // The boot script's read went without this session: its answer would say the page may not manage the booking.
        if (outcome.ok) dropFirstBookingRead();
        else setManageFailure(outcome.code);
        // Opened offline (or the server out of reach): the key, gone from the address, is tried again once online.
        if (outcome.ok || !unreachable(outcome.code)) manageKey.current = null;
        // Offline, the cancel link waits for the exchange tried again once online.
        if (cancelLink.current && (outcome.ok || !unreachable(outcome.code))) setCancelLinkKey(outcome.ok);
        start();
      });
    } else start();
    // Back online: read the booking afresh (this also replaces an offline copy), and follow it if that could not start.
    const onOnline = () => {
      if (!live) return;
      const key = manageKey.current;
      if (key) {
        void openManageLink(token, key, $lang.get()).then((outcome) => {
          if (stopped) return;
          const settled = outcome.ok || !unreachable(outcome.code);
          if (settled) manageKey.current = null;
          setManageFailure(outcome.ok ? null : outcome.code);
          // The booking shown was read without the session: the cancel link waits for the read made with it.
          void load(token).then(() => {
            if (!stopped && settled && cancelLink.current) setCancelLinkKey(outcome.ok);
          });
        });
      } else void load(token);
      if (!channelDown) return;
      channelDown = false;
      live.stop();
      live = follow();
    };
    globalThis.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      live?.stop();
      globalThis.removeEventListener('online', onOnline);
    };
  }, [merchantSlug, load]);

  const status = booking?.status ?? null;
  const merchantUrl = merchant?.url ?? '';
  useEffect(() => {
    if (!hydrated) return;
    setBackHref(
      trackingBackLink(status, {
        merchantSlug,
        referrer: globalThis.document.referrer,
        merchantUrl,
        here: globalThis.location.href,
      }),
    );
  }, [hydrated, status, merchantSlug, merchantUrl]);

  // The cancel link, once the key's exchange has ended and the booking is read afresh (never from the offline copy):
  // the confirmation modal opens (the diner still confirms), or the page says why it cannot cancel. Once only.
  useEffect(() => {
    if (cancelLinkKey === null || cancelLink.current === null || phase !== 'ready' || !booking || offlineCopyAt !== null) return;
    cancelLink.current = null;
    const outcome = cancelLinkOutcome(booking, cancelLinkKey);
    setCancelLinkResult(outcome);
    if (outcome === 'confirm') setCancelOpen(true);
  }, [cancelLinkKey, phase, booking, offlineCopyAt]);

  const waiting = !hydrated || phase === 'loading' || (phase === 'ready' && (!booking || !merchant));
  // In the same frame as the booking (or the failure) appears: the page never shows both views.
  useLayoutEffect(() => {
    if (!waiting) removeFirstView();
  }, [waiting]);

  if (waiting) {
    return (
      <div className="trk-skeleton" aria-busy="true">
        {hydrated && (
          <p className="trk-loading" role="status">
            {t('complete.loading')}
          </p>
        )}
        <div className="trk-skeleton-title" />
        <div className="trk-skeleton-card trk-skeleton-tall" />
        <div className="trk-skeleton-card" />
      </div>
    );
  }

  if (phase === 'failed' || !booking || !merchant) {
    return (
      <div className="trk-page">
        <h1 className="trk-title">{t('complete.title')}</h1>
        <p className="trk-alert" role="alert">
          {errorMessage(lang, failure ?? 'generic')}
        </p>
        <p>
          <a className="trk-link" href={bookingHomePath(merchantSlug)}>
            {t('complete.backToRestaurant')}
          </a>
        </p>
      </div>
    );
  }

  const notices = trackingNotices(booking, now);
  const copyDate = offlineCopyAt === null ? null : new Date(offlineCopyAt);
  // Only the owner's session (or the manage link's) changes the booking; a shared link only follows it.
  const canManage = mayManageBooking(booking);
  return (
    <div className="trk-page trk-complete" data-live={subscribed ? 'subscribed' : 'connecting'}>
      <TrackingHeader t={t} booking={booking} merchantSlug={merchantSlug} backHref={backHref} canManage={canManage} />
      {manageFailure && (
        <p className="trk-alert" role="alert">
          {manageFailure === 'manage_key_invalid' || manageFailure === 'booking_forbidden' || manageFailure === 'booking_not_found'
            ? t('complete.manageLinkInvalid')
            : errorMessage(lang, manageFailure)}
        </p>
      )}
      {(cancelLinkResult === 'cancelled' || cancelLinkResult === 'finished' || (cancelLinkResult === 'refused' && !manageFailure)) && (
        <p className="trk-alert" role="alert">
          {t(`complete.cancelLink.${cancelLinkResult}`)}
        </p>
      )}
      {!canManage && <p className="trk-notice trk-notice-shared">{t('complete.sharedView')}</p>}
      {copyDate && (
        <p className="trk-notice trk-notice-offline">{t('complete.offlineCopy', { date: longDate(localDay(copyDate), lang), hour: localHour(copyDate) })}</p>
      )}
      <TrackingNotices t={t} booking={booking} notices={notices} phone={merchant.phone} />
      <BookingSheet
        t={t}
        lang={lang}
        booking={booking}
        merchant={merchant}
        providerName={providerName}
        providerUrl={providerUrl}
        canManage={canManage}
        onCancel={() => setCancelOpen(true)}
      />
      <CancelBookingModal
        open={cancelOpen}
        hour12={hour12}
        booking={booking}
        onClose={() => setCancelOpen(false)}
        onConfirm={async () => {
          const outcome = await cancelCurrentBooking(lang);
          if (!outcome.ok) return { ok: false, code: outcome.code };
          // The answer carries the cancelled booking (the live event reloads it too): the page shows it as it is now.
          setCancelOpen(false);
          return { ok: true };
        }}
      />
    </div>
  );
}
