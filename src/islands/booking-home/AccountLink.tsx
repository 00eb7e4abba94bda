/**
 * The account entry over the booking home and in the tracking page's bar: "My bookings" for a signed-in account, else
 * "Sign in" (a guest's per-booking session is no sign-in).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ACCOUNT_PATH, AUTH_PATHS, matchRoute } from '../../lib/navigation/routes.ts';
import { getGuestBearer } from '../../lib/platform/storage.ts';
import { $auth, hasAccountSession, reloadAuth, startSignIn } from '../../stores/auth.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation } from '../shared/use-translation.ts';
import './account-link.css';

/** A pill link to the account page, or to sign in and come back here. */
export default function AccountLink() {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const { t } = useTranslation();
  useEffect(() => {
    // Back from signing out elsewhere: a page restored from the back-forward cache reads the session anew.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reloadAuth();
    };
    globalThis.addEventListener('pageshow', onPageShow);
    return () => globalThis.removeEventListener('pageshow', onPageShow);
  }, []);
  // Whether the diner is signed in is only known in the browser: a same-sized empty pill until then.
  if (!hydrated) return <span className="account-link account-link-skeleton" aria-hidden="true" />;
  if (hasAccountSession(auth)) {
    return (
      <a className="account-link" href={ACCOUNT_PATH}>
        <PersonIcon />
        {t('accountLink.myBookings')}
      </a>
    );
  }
  // On the tracking page of a booking this browser manages as its guest, signing in would set that session aside
  // and leave an account that may not act on the guest's booking: no "Sign in" there.
  const route = matchRoute(globalThis.location.pathname);
  if (route.name === 'BookingComplete' && route.token && (auth.guestBooking === route.token || getGuestBearer(route.token))) return null;
  return (
    <a
      className="account-link"
      href={AUTH_PATHS.choice}
      // Remembers this page as the way back; the link then opens the sign-in page as usual.
      onClick={() => startSignIn(`${globalThis.location.pathname}${globalThis.location.search}`)}
    >
      <PersonIcon />
      {t('accountLink.signIn')}
    </a>
  );
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
    </svg>
  );
}
