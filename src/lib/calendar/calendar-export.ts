/**
 * "Add to calendar" (spec section 7): iOS downloads event.ics, every other browser opens the booking's calendarUrl; the
 * other way is offered beside it (the .ics for Apple Calendar or Outlook on a computer, Google Calendar on iOS).
 */

/** What tells an iOS device apart. */
export interface DeviceHints {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
}

/** Whether the browser runs on iOS or iPadOS (which reports itself as a Mac with a touch screen). */
export function isIOS(hints: DeviceHints): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(hints.userAgent)) return true;
  return hints.platform === 'MacIntel' && (hints.maxTouchPoints ?? 0) > 1;
}

/** How the calendar entry is offered: a file to download, or a page to open in a new tab. */
export type CalendarAction = { kind: 'download'; href: string; filename: 'event.ics' } | { kind: 'open'; href: string };

/** The calendar action for a device: the .ics download on iOS, else calendarUrl. */
export function calendarAction(hints: DeviceHints, icsUrl: string, calendarUrl: string): CalendarAction {
  if (isIOS(hints) || !calendarUrl) return { kind: 'download', href: icsUrl, filename: 'event.ics' };
  return { kind: 'open', href: calendarUrl };
}

/** The other way to add the booking beside calendarAction's: the Google Calendar page on iOS, else the .ics file. */
export function otherCalendarAction(main: CalendarAction, icsUrl: string, calendarUrl: string): CalendarAction | null {
  if (main.kind === 'open') return { kind: 'download', href: icsUrl, filename: 'event.ics' };
  return calendarUrl ? { kind: 'open', href: calendarUrl } : null;
}

/** The browser's own hints (empty outside a browser). */
export function browserDeviceHints(): DeviceHints {
  const nav = globalThis.navigator;
  return { userAgent: nav?.userAgent ?? '', platform: nav?.platform, maxTouchPoints: nav?.maxTouchPoints };
}
