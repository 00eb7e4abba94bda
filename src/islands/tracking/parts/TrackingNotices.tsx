/** The tracking page's body (spec section 2): the status-10 notices, the unavailable-merchant notice, the animated illustration (not for 40) and the cancellation text. */
import { hasMessage } from '../../../i18n/i18n.ts';
import type { Booking } from '../../../shared/api/booking.ts';
import { safeImageSrc } from '../../../shared/safe-url.ts';
import type { TrackingNotices as Notices } from '../../../lib/tracking/tracking-notices.ts';
import PhoneSentence from './PhoneSentence.tsx';
import type { Translate } from '../../shared/use-translation.ts';

/** What the body shows. */
export interface TrackingNoticesProps {
  t: Translate;
  booking: Booking;
  notices: Notices;
  /** The merchant's phone for the call hints. */
  phone: string;
}

/** The body. */
export default function TrackingNotices({ t, booking, notices, phone }: TrackingNoticesProps) {
  const illustration = safeImageSrc(booking.gif?.path);
  const { cancellation } = notices;
  const reasonKey = cancellation?.reason ? `cancelReason.${cancellation.reason}` : null;
  return (
    <div className="trk-body">
      {notices.checking && (
        <div className="trk-notice trk-notice-pending">
          <p className="trk-notice-lead">{t(notices.changeAwaitsAnswer ? 'complete.changeAwaits' : 'complete.checking')}</p>
          {notices.pendingHint === 'call' && (
            <p>
              <PhoneSentence t={t} messageKey="complete.notValidatedYet" phone={phone} />
            </p>
          )}
          {notices.pendingHint === 'sms' && <p>{t('complete.received')}</p>}
        </div>
      )}
      {notices.unavailable && (
        <div className="trk-notice trk-notice-warning">
          <p>
            <PhoneSentence t={t} messageKey="complete.merchantUnavailable" phone={phone} />
          </p>
        </div>
      )}
      {notices.illustration && illustration && <img className="trk-illustration" src={illustration} alt="" width={220} height={160} />}
      {cancellation && (
        <div className="trk-notice trk-notice-cancelled">
          <p className="trk-notice-lead">{reasonKey && hasMessage(reasonKey) ? t(reasonKey) : t('complete.cancelled')}</p>
          {cancellation.message && (
            <figure className="trk-merchant-message">
              <figcaption>{t('complete.merchantMessage')}</figcaption>
              <blockquote>{cancellation.message}</blockquote>
            </figure>
          )}
        </div>
      )}
    </div>
  );
}
