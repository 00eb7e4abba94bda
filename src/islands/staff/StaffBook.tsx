/**
 * The staff book (/pro/{slug}, one shell for every merchant): a day of bookings by service, live over the merchant's
 * private channel, with the actions on each booking, a search across days, new bookings by the restaurant and the day's
 * closings to online booking (close the day, a service or a time range; reopen).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { needMessages } from '../../i18n/i18n.ts';
import frStaff from '../../i18n/messages/fr/staff.json' with { type: 'json' };
import { longDate } from '../../lib/text/long-date.ts';
import { armChime, playChime } from '../../lib/staff/chime.ts';
import { actionsFor, bookTitle, groupByService, matchesFilter, tableCount, type BookAction } from '../../lib/staff/book-view.ts';
import { daySheetPath, STAFF_HOME_PATH, staffSettingsPath, staffSignInPath, staffSlugOf } from '../../lib/staff/staff-routes.ts';
import { sortClosings } from '../../lib/staff/closing-view.ts';
import type { StaffBookingRow, StaffClosing } from '../../shared/api/staff.ts';
import { isPending } from '../../shared/booking-life-cycle.ts';
import { mayStaff } from '../../shared/staff-roles.ts';
import {
  $staffBook,
  $staffFilter,
  $staffPendingCount,
  $staffSearch,
  clearSearch,
  loadDay,
  loadMerchantDetails,
  openBook,
  reopenClosing,
} from '../../stores/staff-book.ts';
import { $staffLive, seenNewPending, startLiveBook } from '../../stores/staff-live.ts';
import { $staffSession, isStaff, staffSignOut } from '../../stores/staff-session.ts';
import { $staffView } from '../../stores/staff-view.ts';
import { $staffDialog, closeStaffDialog, dialogOf, openStaffDialog } from '../../stores/staff-dialog.ts';
import LanguageSelector from '../shared/LanguageSelector.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation } from '../shared/use-translation.ts';
import ActionDialog, { type DialogAction } from './parts/ActionDialog.tsx';
import BookFilters from './parts/BookFilters.tsx';
import BookingCard from './parts/BookingCard.tsx';
import CompactRow from './parts/CompactRow.tsx';
import CloseDialog from './parts/CloseDialog.tsx';
import DayClosings from './parts/DayClosings.tsx';
import DayBar from './parts/DayBar.tsx';
import DayTimeline from './parts/DayTimeline.tsx';
import FloorPlanView from './parts/FloorPlanView.tsx';
import GuestDialog from './parts/GuestDialog.tsx';
import MoreActionsDialog from './parts/MoreActionsDialog.tsx';
import NewBookingDialog from './parts/NewBookingDialog.tsx';
import PasswordDialog from './parts/PasswordDialog.tsx';
import SearchBox from './parts/SearchBox.tsx';
import ServiceSection from './parts/ServiceSection.tsx';
import { staffErrorText } from './parts/staff-error-text.ts';
import ViewSwitch from './parts/ViewSwitch.tsx';
import '../shared/buttons.css';
import '../shared/modal-content.css';
import './staff.css';
import './staff-book-list.css';

await needMessages('staff', frStaff);

const dayInAddress = () => {
  const day = new URLSearchParams(globalThis.location?.search ?? '').get('day');
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
};

/** To the sign-in page, which brings staff back to this book (and the booking a mail named) once signed in. */
const toSignIn = (slug: string | null) =>
  globalThis.location.replace(slug ? staffSignInPath(`${globalThis.location.pathname}${globalThis.location.search}`) : STAFF_HOME_PATH);

/** The booking a link names (?booking=token, with action=confirm to open its confirm dialog), if any. */
const bookingInAddress = () => {
  const query = new URLSearchParams(globalThis.location?.search ?? '');
  const token = query.get('booking');
  return token ? { token, confirm: query.get('action') === 'confirm' } : null;
};

/** The staff book's island. */
export default function StaffBook() {
  const { t, lang } = useTranslation();
  const hydrated = useHydrated();
  const book = useStore($staffBook);
  const filter = useStore($staffFilter);
  const pendingCount = useStore($staffPendingCount);
  const search = useStore($staffSearch);
  const live = useStore($staffLive);
  // A host may not close nor reopen online booking (the server refuses it): no buttons once the role is known.
  const mayClose = !live.role || mayStaff(live.role, 'closings');
  const session = useStore($staffSession);
  const view = useStore($staffView);
  // Search results show as cards, or as compact lines in the other views.
  const compact = view !== 'cards';
  const dialog = useStore($staffDialog);
  const [said, setSaid] = useState('');
  const [nowMs, setNowMs] = useState(() => Date.now());
  const list = useRef<HTMLDivElement>(null);
  const slug = hydrated ? staffSlugOf(globalThis.location.pathname) : null;
  const merchantName = session.merchants.find((merchant) => merchant.slug === slug)?.name ?? slug ?? '';

  useEffect(() => {
    if (!hydrated) return;
    if (!slug || !isStaff()) {
      toSignIn(slug);
      return;
    }
    openBook(slug, dayInAddress());
    void loadMerchantDetails();
    armChime();
    let stop = () => {};
    let stopped = false;
    void startLiveBook({ onNewPending: () => playChime() }).then((started) => {
      if (stopped) started.stop();
      else stop = started.stop;
    });
    const tick = setInterval(() => setNowMs(Date.now()), 30_000);
    return () => {
      stopped = true;
      stop();
      clearInterval(tick);
    };
  }, [hydrated, slug]);

  // Signed out (here, in another tab, or the bearer expired): back to sign-in.
  // (Signed out from the start, the effect above already went, keeping the way back.)
  const signedInHere = useRef(false);
  useEffect(() => {
    if (session.bearer !== null) signedInHere.current = true;
    else if (hydrated && signedInHere.current) globalThis.location.replace(STAFF_HOME_PATH);
  }, [hydrated, session.bearer]);

  useEffect(() => {
    if (!hydrated || !merchantName) return;
    document.title = bookTitle(pendingCount, merchantName, t('staff.bookTitle'));
  }, [hydrated, pendingCount, merchantName, t]);

  // A link to one booking (the restaurant's mails): once its day is read, its confirm dialog opens when it awaits an
  // answer, else it is scrolled to; the address then forgets it, so a reload does not open it again.
  const linked = useRef<ReturnType<typeof bookingInAddress> | undefined>(undefined);
  useEffect(() => {
    if (!hydrated || book.status !== 'ready') return;
    if (linked.current === undefined) linked.current = bookingInAddress();
    const target = linked.current;
    if (!target) return;
    linked.current = null;
    const url = new URL(globalThis.location.href);
    url.searchParams.delete('booking');
    url.searchParams.delete('action');
    globalThis.history.replaceState(globalThis.history.state, '', url);
    const booking = book.bookings.find((row) => row.token === target.token);
    if (!booking) return;
    if (target.confirm && isPending(booking.status)) openStaffDialog({ kind: 'action', booking, action: 'confirm' });
    else requestAnimationFrame(() => list.current?.querySelector(`[data-token="${CSS.escape(booking.token)}"]`)?.scrollIntoView({ block: 'center' }));
  }, [hydrated, book.status, book.bookings]);

  // The address keeps the day, so a reload or a shared link opens it again.
  useEffect(() => {
    if (!hydrated || !book.day || !slug) return;
    const url = new URL(globalThis.location.href);
    if (book.day === book.today) url.searchParams.delete('day');
    else url.searchParams.set('day', book.day);
    globalThis.history.replaceState(globalThis.history.state, '', url);
  }, [hydrated, book.day, book.today, slug]);

  // A booking's time may have come since the last tick (a walk-in seated now): each new read looks at the clock.
  useEffect(() => setNowMs(Date.now()), [book.bookings, search.results]);

  const groups = useMemo(() => groupByService(book.bookings, book.services, book.covers), [book.bookings, book.services, book.covers]);
  const tables = tableCount(book.zones);
  const closings = useMemo(() => sortClosings(book.closings), [book.closings]);

  const reopen = async (target: StaffClosing) => {
    const outcome = await reopenClosing(target.id);
    setSaid(outcome.ok ? t('staff.closing.reopened') : staffErrorText(t, outcome, 'reopen'));
  };

  // Until the first read names the merchant's time zone only a note can be taken.
  const actionsOf = (booking: StaffBookingRow): BookAction[] => (book.timezone ? actionsFor(booking, nowMs, book.timezone) : ['note']);

  const openAction = (booking: StaffBookingRow, action: DialogAction) => openStaffDialog({ kind: 'action', booking, action });
  const openMore = (booking: StaffBookingRow, actions: DialogAction[]) => openStaffDialog({ kind: 'more', booking, actions, details: compact });
  // A bar of the timeline opens every action of its booking, with its details.
  const openBar = (booking: StaffBookingRow) => openStaffDialog({ kind: 'more', booking, actions: actionsOf(booking), details: true });
  const more = dialogOf(dialog, 'more');
  const acting = dialogOf(dialog, 'action');
  const profile = dialogOf(dialog, 'guest');
  const showPending = () => {
    seenNewPending();
    clearSearch();
    $staffFilter.set('pending');
    // After the filtered list has rendered: its first pending booking's main button (on the timeline, its bar), scrolled into view.
    requestAnimationFrame(() => {
      const first = list.current?.querySelector<HTMLElement>('.staff-booking-pending button, .tl-bar-pending');
      first?.focus();
      first?.scrollIntoView({ block: 'center' });
    });
  };

  if (!hydrated) return <p className="staff-loading">…</p>;

  return (
    <div className="staff-book" data-live={live.state}>
      <header className="staff-top">
        <div className="staff-top-title">
          <p className="staff-eyebrow">{t('staff.brand')}</p>
          <h1 className="staff-title">{merchantName}</h1>
        </div>
        <div className="staff-top-tools">
          <span className={`staff-live staff-live-${live.state}`}>
            <span className="staff-dot" aria-hidden="true" />
            {t(`staff.live.${live.state}`)}
          </span>
          {live.newPending > 0 ? (
            <button type="button" className="cv-btn cv-btn-primary staff-badge" onClick={showPending}>
              {t('staff.newPending', { count: live.newPending })}
            </button>
          ) : null}
          <LanguageSelector />
          {slug && live.role && mayStaff(live.role, 'definition') ? (
            <a className="cv-btn cv-btn-secondary staff-small" href={staffSettingsPath(slug)}>
              {t('staff.settingsLink')}
            </a>
          ) : null}
          <button type="button" className="cv-btn cv-btn-secondary staff-small" onClick={() => openStaffDialog({ kind: 'password' })}>
            {t('staff.password.open')}
          </button>
          {session.merchants.length > 1 ? (
            <a className="cv-btn cv-btn-secondary staff-small" href={STAFF_HOME_PATH}>
              {t('staff.switchMerchant')}
            </a>
          ) : null}
          <button type="button" className="cv-btn cv-btn-secondary staff-small" onClick={() => void staffSignOut()}>
            {t('staff.signOut')}
          </button>
        </div>
      </header>

      <div className="staff-controls">
        {book.day ? (
          <DayBar day={book.day} today={book.today} onPick={(day) => void loadDay(day)} sheetHref={slug ? daySheetPath(slug, book.day) : undefined} />
        ) : null}
        <div className="staff-controls-row">
          <SearchBox />
          <button type="button" className="cv-btn cv-btn-primary" onClick={() => openStaffDialog({ kind: 'new-booking' })} disabled={!book.day}>
            {t('staff.newBooking.open')}
          </button>
          {mayClose ? (
            <button type="button" className="cv-btn cv-btn-secondary" onClick={() => openStaffDialog({ kind: 'close' })} disabled={book.status !== 'ready'}>
              {t('staff.closing.open')}
            </button>
          ) : null}
        </div>
        <div className="staff-controls-row staff-filters-row">
          {search.status === 'idle' && view !== 'timeline' && view !== 'plan' ? <BookFilters bookings={book.bookings} /> : null}
          <ViewSwitch />
        </div>
        {live.newPending > 0 ? (
          <div className="staff-new-banner" role="status">
            <strong>{t('staff.newPendingBanner', { count: live.newPending })}</strong>
            <button type="button" className="cv-btn cv-btn-primary staff-small" onClick={showPending}>
              {t('staff.showPending')}
            </button>
          </div>
        ) : null}
      </div>

      <p className="visually-hidden" role="status">
        {said}
      </p>

      <div ref={list} className="staff-content">
        {search.status !== 'idle' ? (
          <section className="staff-service" aria-labelledby="staff-search-title">
            <header className="staff-service-head">
              <h2 id="staff-search-title">{t('staff.search.results', { q: search.q })}</h2>
              <button type="button" className="cv-btn cv-btn-secondary staff-small" onClick={clearSearch}>
                {t('staff.search.back')}
              </button>
            </header>
            {search.status === 'loading' ? <p className="staff-empty">{t('staff.loading')}</p> : null}
            {search.status === 'error' ? <p className="staff-alert">{t('staff.error.generic', { code: 'search' })}</p> : null}
            {search.status === 'ready' && search.results.length === 0 ? <p className="staff-empty">{t('staff.search.none')}</p> : null}
            <div className={compact ? 'staff-rows' : 'staff-list'}>
              {search.results.map((booking) =>
                compact ? (
                  <CompactRow
                    key={booking.token}
                    booking={booking}
                    withDate={longDate(booking.day, lang)}
                    actions={actionsOf(booking)}
                    onAction={openAction}
                    onMore={openMore}
                  />
                ) : (
                  <BookingCard
                    key={booking.token}
                    booking={booking}
                    withDate={longDate(booking.day, lang)}
                    merchantPhone={book.merchantPhone}
                    actions={actionsOf(booking)}
                    onAction={openAction}
                    onMore={openMore}
                  />
                ),
              )}
            </div>
          </section>
        ) : book.status === 'error' ? (
          <div className="staff-alert" role="alert">
            <p>{t(book.error === 'merchant_not_found' ? 'staff.error.notYours' : 'staff.error.load')}</p>
            {book.error === 'merchant_not_found' ? (
              <a href={STAFF_HOME_PATH}>{t('staff.switchMerchant')}</a>
            ) : (
              <button type="button" className="cv-btn cv-btn-secondary" onClick={() => void loadDay()}>
                {t('staff.retry')}
              </button>
            )}
          </div>
        ) : book.status !== 'ready' ? (
          <p className="staff-empty" role="status">
            {t('staff.loading')}
          </p>
        ) : (
          <>
            {book.day && book.timezone ? (
              <DayClosings
                closings={closings}
                day={book.day}
                timezone={book.timezone}
                busy={book.reopening}
                onReopen={mayClose ? (target) => void reopen(target) : undefined}
              />
            ) : null}
            {groups.length === 0 ? <p className="staff-empty">{t('staff.closedDay')}</p> : null}
            {pendingCount > 0 ? (
              <p className="staff-pending-note">
                <strong>{t('staff.pendingCount', { count: pendingCount })}</strong>
              </p>
            ) : null}
            {view === 'timeline' && book.day && book.timezone ? (
              <DayTimeline
                day={book.day}
                timezone={book.timezone}
                groups={groups}
                zones={book.zones}
                closings={book.closings}
                serviceClosings={closings.services}
                slotMinutes={book.slotMinutes}
                durationMinutes={book.durationMinutes}
                nowMs={nowMs}
                mayMove={(booking) => actionsOf(booking).includes('move')}
                onOpen={openBar}
                announce={setSaid}
              />
            ) : null}
            {view === 'plan' && book.timezone ? (
              <FloorPlanView
                zones={book.zones}
                bookings={book.bookings}
                timezone={book.timezone}
                nowMs={nowMs}
                today={book.day === book.today}
                onOpen={openBar}
                announce={setSaid}
              />
            ) : null}
            {(view === 'timeline' || view === 'plan' ? [] : groups).map((group) => (
              <ServiceSection
                key={group.service?.start ?? 'other'}
                group={group}
                bookings={group.bookings.filter((booking) => matchesFilter(booking, filter))}
                tables={tables}
                merchantPhone={book.merchantPhone}
                actionsOf={actionsOf}
                compact={compact}
                onAction={openAction}
                onMore={openMore}
                closing={group.service ? closings.services.get(group.service.id) : null}
                busy={book.reopening}
                onReopen={(target) => void reopen(target)}
              />
            ))}
          </>
        )}
      </div>

      <MoreActionsDialog
        booking={more?.booking ?? null}
        actions={more?.actions ?? []}
        details={more?.details ? { merchantPhone: book.merchantPhone } : null}
        onPick={openAction}
        onClose={closeStaffDialog}
      />
      <ActionDialog booking={acting?.booking ?? null} action={acting?.action ?? null} onClose={closeStaffDialog} onDone={setSaid} />
      <GuestDialog booking={profile?.booking ?? null} onClose={closeStaffDialog} onDone={setSaid} />
      <NewBookingDialog open={dialog.kind === 'new-booking'} onClose={closeStaffDialog} onDone={setSaid} />
      <CloseDialog open={dialog.kind === 'close'} onClose={closeStaffDialog} onDone={setSaid} />
      <PasswordDialog open={dialog.kind === 'password'} onClose={closeStaffDialog} onDone={setSaid} />
    </div>
  );
}
