/**
 * The booking home's header without an island: the language selector, the account entry and the current booking's
 * banner (src/components/booking-home/*.astro), whose texts are static in the four languages. Run on import, in the
 * browser, by the BookingHome island's module (one script file less to download); a booking home without the island
 * (booking disabled) has the AccountLink and LanguageSelector islands instead.
 */
import { isLang } from '../../shared/langs.ts';
import { loadCatalog, switchLang } from '../../i18n/i18n.ts';
import { $auth, hasAccountSession, reloadAuth, startSignIn } from '../../stores/auth.ts';
import { $bookingToken, $currentBookingToken, $storedBookingToken } from '../../stores/booking.ts';
import { $lang, LANGUAGE_OPTIONS } from '../../stores/lang.ts';
import { bookingCompletePath } from '../../lib/navigation/routes.ts';

// The island's module is also imported when the page is prerendered.
if (typeof document !== 'undefined') {
  const select = document.querySelector<HTMLSelectElement>('#lang-select');
  if (select) {
    $lang.subscribe((lang) => {
      select.value = lang;
    });
    select.parentElement?.classList.add('is-ready');
    // The other catalogues start loading as soon as the diner reaches for the selector.
    select.addEventListener('focus', () => LANGUAGE_OPTIONS.forEach((option) => void loadCatalog(option.code).catch(() => {})));
    select.addEventListener('change', () => {
      if (isLang(select.value)) void switchLang(select.value);
    });
  }

  const signInLink = document.querySelector<HTMLAnchorElement>('.account-sign-in');
  const myBookingsLink = document.querySelector<HTMLAnchorElement>('.account-my-bookings');
  if (signInLink && myBookingsLink) {
    signInLink.previousElementSibling?.remove();
    $auth.subscribe((auth) => {
      const account = hasAccountSession(auth);
      myBookingsLink.hidden = !account;
      signInLink.hidden = account;
    });
    // Remembers this page as the way back; the link then opens the sign-in page as usual.
    signInLink.addEventListener('click', () => startSignIn(`${location.pathname}${location.search}`));
    // Back from signing out elsewhere: a page restored from the back-forward cache reads the session anew.
    addEventListener('pageshow', (event) => {
      if (event.persisted) reloadAuth();
    });
  }

  const banner = document.querySelector<HTMLElement>('.current-booking');
  if (banner) {
    const link = banner.querySelector('a');
    // Shown when the API says the diner has a live booking here, or one is stored for it, other than the one being changed.
    const show = () => {
      const current = $currentBookingToken.get() ?? $storedBookingToken.get();
      banner.hidden = !current || current === $bookingToken.get();
      if (current && link) link.href = bookingCompletePath(banner.dataset.slug ?? '', current);
    };
    for (const store of [$currentBookingToken, $storedBookingToken, $bookingToken]) store.subscribe(show);
  }
}
