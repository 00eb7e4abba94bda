/** Validate's recap (spec section 2): date and hour, guests, the zone when showZone, the comment with its edit link, and the buttons to change the booking or add a comment. */
import { useId } from 'react';
import type { Lang } from '../../../i18n/t.ts';
import type { Booking } from '../../../shared/api/booking.ts';
import { bookingHomePath } from '../../../lib/navigation/routes.ts';
import '../../shared/buttons.css';
import RecapFacts from '../../shared/RecapFacts.tsx';
import type { Translate } from '../../shared/use-translation.ts';

/** What the recap shows. */
export interface BookingRecapProps {
  t: Translate;
  lang: Lang;
  booking: Booking;
  merchantSlug: string;
  /** Times in 12-hour form (src/shared/hour-cycle.ts). */
  hour12?: boolean;
  onEditComment: () => void;
}

/** The recap card. */
export default function BookingRecap({ t, lang, booking, merchantSlug, hour12 = false, onEditComment }: BookingRecapProps) {
  const titleId = useId();
  const commentId = useId();
  return (
    <section className="card trk-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('validate.recap')}</h2>
      <RecapFacts t={t} lang={lang} booking={booking} hour12={hour12}>
        {booking.comment && (
          <div>
            <dt id={commentId}>{t('validate.comment')}</dt>
            <dd>
              <span className="trk-comment">{booking.comment}</span>{' '}
              <button type="button" className="trk-link-button" onClick={onEditComment} aria-describedby={commentId}>
                {t('validate.editComment')}
              </button>
            </dd>
          </div>
        )}
      </RecapFacts>
      <div className="trk-row">
        <a className="cv-btn cv-btn-secondary" href={bookingHomePath(merchantSlug, { token: booking.token })}>
          {t('validate.updateBooking')}
        </a>
        {!booking.comment && (
          <button type="button" className="cv-btn cv-btn-secondary" onClick={onEditComment}>
            {t('validate.addComment')}
          </button>
        )}
      </div>
    </section>
  );
}
