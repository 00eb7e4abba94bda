const todayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's local date (YYYY-MM-DD) in the IANA timezone; UTC when the zone is unknown. */
export function localToday(timezone: string, now: Date = new Date()): string {
  let formatter = todayFormatters.get(timezone);
  if (formatter === undefined) {
    try {
      // en-CA formats dates as YYYY-MM-DD.
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    todayFormatters.set(timezone, formatter);
  }
  return formatter.format(now);
}

/** The closed days from today on (merchant-local), sorted, without duplicates, at most limit. */
export function upcomingClosedDays(closedDays: readonly string[], timezone: string, now: Date = new Date(), limit = 6): string[] {
  const today = localToday(timezone, now);
  return [...new Set(closedDays)]
    .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= today)
    .sort()
    .slice(0, limit);
}
