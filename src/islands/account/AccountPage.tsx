/** The account page (/account): the signed-in account's coming and past bookings at every merchant, each opening its tracking page, and sign-out. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { needMessages } from '../../i18n/i18n.ts';
import frAccount from '../../i18n/messages/fr/account.json' with { type: 'json' };
import frTracking from '../../i18n/messages/fr/tracking.json' with { type: 'json' };
import { navigate } from '../../lib/navigation/navigate.ts';
import { ACCOUNT_PATH, bookingHomePath } from '../../lib/navigation/routes.ts';
import { hasAccountSession, reloadAuth, startSignIn } from '../../stores/auth.ts';
import { loadGuestBookingsOffer } from '../../stores/guest-bookings.ts';
import { $myBookings, loadMyBookings, signOutOfAccount } from '../../stores/my-bookings.ts';
import { useStoredMerchant } from '../shared/use-stored-merchant.ts';
import LangText from '../shared/LangText.tsx';
import LanguageSelector from '../shared/LanguageSelector.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation } from '../shared/use-translation.ts';
import BookingList from './parts/BookingList.tsx';
import GuestBookingsOffer from './parts/GuestBookingsOffer.tsx';
import '../shared/buttons.css';
import './account.css';

// The page's texts (account) and the status names (tracking), before the island first renders.
await Promise.all([needMessages('account', frAccount), needMessages('tracking', frTracking)]);

/** The account page's island. */
export default function AccountPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const state = useStore($myBookings);
  // The way back to the merchant the diner came from; the page keeps the provider's neutral colours (it is the provider's).
  const merchant = useStoredMerchant({ themed: false });
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const open = () => {
      if (!hasAccountSession()) {
        // Signed out: sign in first, then back here. replace: Back must not land on a page that only redirects.
        globalThis.location.replace(startSignIn(ACCOUNT_PATH));
        return;
      }
      // The earlier guest bookings are offered only to an account whose list loaded.
      void loadMyBookings().then(() => {
        if ($myBookings.get().status === 'ready') void loadGuestBookingsOffer();
      });
    };
    open();
    // A page restored from the back-forward cache (Back after signing out) checks the session anew.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      reloadAuth();
      open();
    };
    globalThis.addEventListener('pageshow', onPageShow);
    return () => globalThis.removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    if (state.status === 'signed-out' && !leaving) globalThis.location.replace(startSignIn(ACCOUNT_PATH));
  }, [state.status, leaving]);

  const signOut = async () => {
    setLeaving(true);
    navigate(await signOutOfAccount());
  };

  return (
    <div className="acc">
      <header className="acc-head">
        <div className="acc-head-row">
          {hydrated && merchant ? (
            <a className="acc-back" href={bookingHomePath(merchant.slug)}>
              <span aria-hidden="true">←</span>
              <span className="acc-back-text">{t('myBookings.back', { name: merchant.name })}</span>
            </a>
          ) : (
            <span />
          )}
          <div className="acc-head-end">
            <LanguageSelector />
            {hydrated && state.status === 'ready' ? (
              <button type="button" className="cv-btn cv-btn-secondary acc-signout" onClick={() => void signOut()} disabled={leaving}>
                {t(leaving ? 'myBookings.signingOut' : 'myBookings.signOut')}
              </button>
            ) : null}
          </div>
        </div>
        {/* The language is known only once hydrated: before, the title in every language, as the page was built. */}
        <h1 className="acc-title">{hydrated ? t('myBookings.title') : <LangText k="myBookings.title" />}</h1>
      </header>
      {!hydrated || state.status === 'loading' ? (
        <p className="acc-note" role="status">
          {hydrated ? t('myBookings.loading') : <LangText k="myBookings.loading" />}
        </p>
      ) : state.status === 'signed-out' ? (
        <p className="acc-note" role="status">
          {t('myBookings.redirecting')}
        </p>
      ) : state.status === 'error' ? (
        <div className="acc-note" role="alert">
          <p>{t('myBookings.error')}</p>
          <button type="button" className="cv-btn cv-btn-primary" onClick={() => void loadMyBookings()}>
            {t('myBookings.retry')}
          </button>
        </div>
      ) : (
        <>
          <GuestBookingsOffer />
          <BookingList id="acc-coming" title={t('myBookings.coming')} empty={t('myBookings.noneComing')} bookings={state.coming} />
          <BookingList id="acc-past" title={t('myBookings.past')} empty={t('myBookings.nonePast')} bookings={state.past} />
        </>
      )}
    </div>
  );
}
