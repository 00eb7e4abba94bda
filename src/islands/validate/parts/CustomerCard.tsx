/** Validate's customer-info card (spec section 2): avatar, first and last name, phone, email or a 'no email' note, and a link to Onboarding to change them. */
import { useId } from 'react';
import type { BookingClient } from '../../../shared/api/booking.ts';
import { AUTH_PATHS } from '../../../lib/navigation/routes.ts';
import { safeImageSrc } from '../../../shared/safe-url.ts';
import { usePhoneDisplay } from '../../shared/use-phone-display.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** The diner to show. */
export interface CustomerCardProps {
  t: Translate;
  client: BookingClient | null;
  /** The merchant's phone: the diner's is written national in its country, international otherwise. */
  merchantPhone: string | null;
}

/** The card. */
export default function CustomerCard({ t, client, merchantPhone }: CustomerCardProps) {
  const titleId = useId();
  const phones = usePhoneDisplay();
  const avatar = safeImageSrc(client?.avatar?.path) ?? '/images/avatar.svg';
  const name = [client?.firstname, client?.lastname].filter(Boolean).join(' ');
  return (
    <section className="card trk-card trk-customer" aria-labelledby={titleId}>
      <div className="trk-card-head">
        <h2 id={titleId}>{t('validate.customer')}</h2>
        <a className="trk-link" href={AUTH_PATHS.onboarding} aria-describedby={titleId}>
          {t('validate.updateDetails')}
        </a>
      </div>
      <div className="trk-customer-row">
        <img className="trk-avatar" src={avatar} alt="" width={56} height={56} />
        <div className="trk-customer-lines">
          {name && <p className="trk-customer-name">{name}</p>}
          {client?.phone && (
            <p>
              <span className="visually-hidden">{t('validate.phone')} </span>
              {phones ? phones.displayDinerPhone(client.phone, merchantPhone) : client.phone}
            </p>
          )}
          {client?.email ? (
            <p className="trk-break">
              <span className="visually-hidden">{t('validate.email')} </span>
              {client.email}
            </p>
          ) : (
            <p className="trk-muted">{t('validate.noEmail')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
