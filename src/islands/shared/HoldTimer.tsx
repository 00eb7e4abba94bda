/**
 * The countdown (Validate, the guest-details page) of the draft's table hold: whole minutes, tens of seconds in the last minute, then that the hold
 * ran out. The visible text is no live region (it would speak every minute): screen readers hear only the two-minute
 * warning and the end of the hold, once each.
 */
import { useStore } from '@nanostores/react';
import { forwardRef } from 'react';
import { holdDisplay, WARN_AT_MS } from '../../lib/booking/hold-countdown.ts';
import { $hold } from '../../stores/hold.ts';
import type { Translate } from './use-translation.ts';

/** What the countdown needs. */
export interface HoldTimerProps {
  t: Translate;
}

const announcements = {
  twoMinutes: 'validate.hold.twoMinutes',
  lastMinute: 'validate.hold.lastMinute',
  expired: 'validate.hold.expired',
} as const;

/** The countdown, focusable by the page (after a time is held again) but not by Tab. */
const HoldTimer = forwardRef<HTMLDivElement, HoldTimerProps>(function HoldTimer({ t }, ref) {
  const hold = useStore($hold);
  const remaining = hold.remainingMs;
  const display = remaining === null ? null : holdDisplay(remaining);
  const state = display?.unit === 'expired' ? 'expired' : remaining !== null && remaining <= WARN_AT_MS ? 'warn' : 'held';
  return (
    <>
      {display && (
        <div ref={ref} tabIndex={-1} className="trk-hold trk-focus-target" data-state={state}>
          <svg className="trk-hold-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <p className="trk-hold-text">
            {display.unit === 'expired' ? (
              t('validate.hold.expired')
            ) : (
              <>
                <strong>
                  {display.unit === 'minutes' ? t('validate.hold.minutes', { minutes: display.count }) : t('validate.hold.seconds', { seconds: display.count })}
                </strong>{' '}
                <span className="trk-hold-hint">{t('validate.hold.hint')}</span>
              </>
            )}
          </p>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {hold.announcement ? t(announcements[hold.announcement]) : ''}
      </p>
    </>
  );
});

export default HoldTimer;
