/**
 * The tracking sheet's actions (spec sections 2 and 7): add to calendar, share (only where the browser can), report a
 * problem, route to the restaurant; a cancelled or refused booking keeps only the report (it is no longer on the way).
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { Lang } from '../../../i18n/t.ts';
import type { Booking } from '../../../shared/api/booking.ts';
import type { Merchant } from '../../../shared/api/merchant.ts';
import { icsDownloadUrl } from '../../../lib/api/booking-api.ts';
import { isCancelled } from '../../../shared/booking-states.ts';
import { browserDeviceHints, calendarAction, otherCalendarAction, type CalendarAction } from '../../../lib/calendar/calendar-export.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import { plainTrackingUrl } from '../../../lib/links/manage-link.ts';
import { mapsSearchUrl } from '../../../lib/links/maps-link.ts';
import { reportProblemHref, supportEmail } from '../../../lib/links/support-mail.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** What the actions act on. */
export interface TrackingActionsProps {
  t: Translate;
  lang: Lang;
  booking: Booking;
  merchant: Merchant;
}

const icons = {
  calendar: 'M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
  share: 'M12 3v12M7 8l5-5 5 5M5 13v6a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-6',
  problem: 'M12 8v5M12 16.5v.5M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0z',
  route: 'M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
};

/** A calendar action as a link: the .ics downloaded, or the calendar page opened in a new tab. */
function CalendarLink({ action, children }: { action: CalendarAction; children: ReactNode }) {
  return action.kind === 'download' ? (
    <a href={action.href} download={action.filename}>
      {children}
    </a>
  ) : (
    <a href={action.href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The list of actions. */
export default function TrackingActions({ t, lang, booking, merchant }: TrackingActionsProps) {
  // Known only in the browser, after hydration: the server render never offers sharing.
  const [canShare, setCanShare] = useState(false);
  const [calendar, setCalendar] = useState(() => calendarAction({ userAgent: '' }, '', booking.calendarUrl));
  useEffect(() => {
    setCanShare(typeof globalThis.navigator?.share === 'function');
    setCalendar(calendarAction(browserDeviceHints(), icsDownloadUrl(merchant.slug, booking.token, lang), booking.calendarUrl));
  }, [merchant.slug, booking.token, booking.calendarUrl, lang]);

  // The other way beside the spec's (the .ics, or Google Calendar on iOS): known only after hydration, like the main one.
  const otherCalendar = otherCalendarAction(calendar, icsDownloadUrl(merchant.slug, booking.token, lang), booking.calendarUrl);
  const date = longDate(booking.bookingForDate, lang);
  const persons = t('booking.persons', { count: booking.clientCount });
  const share = () => {
    void globalThis.navigator
      .share({
        title: t('complete.shareTitle', { name: merchant.name }),
        text: t('complete.shareText', { name: merchant.name, date, hour: booking.bookingForHour, persons }),
        // The view-only link: never the manage key's fragment, whatever the address bar holds.
        url: plainTrackingUrl(),
      })
      // Closing the share sheet rejects: nothing to tell the diner.
      .catch(() => undefined);
  };
  const report = reportProblemHref(
    supportEmail(),
    t('complete.reportSubject', { ref: booking.ref }),
    t('complete.reportBody', { ref: booking.ref, name: merchant.name }),
  );

  const standing = !isCancelled(booking.status);
  return (
    <ul className="trk-actions" aria-label={t('complete.actions')}>
      {standing && (
        <li>
          <CalendarLink action={calendar}>
            <Icon path={icons.calendar} />
            {t('complete.addToCalendar')}
          </CalendarLink>
        </li>
      )}
      {standing && otherCalendar && (
        <li>
          <CalendarLink action={otherCalendar}>
            <Icon path={icons.calendar} />
            {t(otherCalendar.kind === 'download' ? 'complete.addToCalendarIcs' : 'complete.addToGoogleCalendar')}
          </CalendarLink>
        </li>
      )}
      {standing && canShare && (
        <li>
          <button type="button" onClick={share}>
            <Icon path={icons.share} />
            {t('complete.share')}
          </button>
        </li>
      )}
      <li>
        <a href={report}>
          <Icon path={icons.problem} />
          {t('complete.reportProblem')}
        </a>
      </li>
      {standing && (
        <li>
          <a href={mapsSearchUrl(merchant)} target="_blank" rel="noopener">
            <Icon path={icons.route} />
            {t('complete.route')}
          </a>
        </li>
      )}
    </ul>
  );
}
