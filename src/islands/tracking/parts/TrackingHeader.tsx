/** The tracking page's header (spec section 2): back arrow by the status rules, title, status with its coloured dot, #ref, and Edit outside 25/30/40 for whoever may manage it. */
import type { Booking } from '../../../shared/api/booking.ts';
import { statusDot } from '../../../lib/booking/booking-status.ts';
import { mayDinerChange } from '../../../shared/booking-states.ts';
import { bookingHomePath, validatePath } from '../../../lib/navigation/routes.ts';
import '../../shared/buttons.css';
import type { Translate } from '../../shared/use-translation.ts';

/** What the header shows. */
export interface TrackingHeaderProps {
  t: Translate;
  booking: Booking;
  merchantSlug: string;
  /** Where the back arrow leads, or null for none. */
  backHref: string | null;
  /** Whether this page may change the booking (false for a shared link: no Edit, no Validate). */
  canManage: boolean;
}

/** The header. */
export default function TrackingHeader({ t, booking, merchantSlug, backHref, canManage }: TrackingHeaderProps) {
  const statusText = booking.status === null ? t('complete.draft') : t(`status.${booking.status}`);
  return (
    <header className="trk-header">
      {backHref && (
        <a className="trk-back" href={backHref} aria-label={t('complete.back')}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </a>
      )}
      <div className="trk-header-main">
        <h1 className="trk-title">{t('complete.title')}</h1>
        <p className="trk-status">
          <span className="visually-hidden">{t('complete.statusLabel')} </span>
          <span className={`trk-dot trk-dot-${statusDot(booking.status)}`} aria-hidden="true" />
          <span data-status={booking.status ?? 'draft'}>{statusText}</span>
          <span className="trk-ref">{t('complete.reference', { ref: booking.ref })}</span>
        </p>
      </div>
      {canManage && mayDinerChange(booking.status) && (
        <a className="cv-btn cv-btn-secondary trk-edit" href={bookingHomePath(merchantSlug, { token: booking.token })}>
          {t('complete.edit')}
        </a>
      )}
      {canManage && booking.status === null && (
        <a className="trk-link trk-to-validate" href={validatePath(merchantSlug, booking.token)}>
          {t('complete.toValidate')}
        </a>
      )}
    </header>
  );
}
