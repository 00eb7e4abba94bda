/** The tracking page's lines above the booking: the manage link refused, what the cancel link led to, a shared view, the offline copy. */
import { errorMessage } from '../../../i18n/i18n.ts';
import type { Lang } from '../../../i18n/t.ts';
import type { CancelLinkOutcome } from '../../../lib/links/cancel-link.ts';
import { longDate } from '../../../lib/text/long-date.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** What the lines say. */
export interface TrackingAlertsProps {
  t: Translate;
  lang: Lang;
  /** Why the manage link's exchange failed. */
  manageFailure: string | null;
  cancelLinkResult: CancelLinkOutcome | null;
  canManage: boolean;
  /** When the offline copy shown was read (unix ms), or null. */
  offlineCopyAt: number | null;
}

const two = (value: number) => String(value).padStart(2, '0');
// When the offline copy was read, on the diner's own clock.
const localDay = (date: Date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
const localHour = (date: Date) => `${two(date.getHours())}:${two(date.getMinutes())}`;

/** The lines, each only when it applies. */
export default function TrackingAlerts({ t, lang, manageFailure, cancelLinkResult, canManage, offlineCopyAt }: TrackingAlertsProps) {
  const copyDate = offlineCopyAt === null ? null : new Date(offlineCopyAt);
  return (
    <>
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
    </>
  );
}
