/** The merchant block of the tracking page's sheet (spec section 2): logo, name, address, address2, zip, city and a phone link. */
import { useId } from 'react';
import type { Merchant } from '../../../shared/api/merchant.ts';
import { initials } from '../../../shared/initials.ts';
import { telHref } from '../../../shared/tel-href.ts';
import { safeImageSrc } from '../../../shared/safe-url.ts';
import { usePhoneDisplay } from '../../shared/use-phone-display.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** The merchant to show. */
export interface MerchantCardProps {
  t: Translate;
  merchant: Merchant;
}

/** The block. */
export default function MerchantCard({ t, merchant }: MerchantCardProps) {
  const titleId = useId();
  const phones = usePhoneDisplay();
  const logo = safeImageSrc(merchant.logo?.path);
  const { address, address2, zip, city } = merchant.address;
  const locality = [zip, city].filter((part) => part.trim() !== '').join(' ');
  return (
    <section className="trk-merchant" aria-labelledby={titleId}>
      <h3 className="visually-hidden">{t('complete.restaurant')}</h3>
      <div className="trk-merchant-logo">
        {logo ? (
          <img src={logo} alt={t('complete.logoAlt', { name: merchant.name })} width={56} height={56} />
        ) : (
          <span aria-hidden="true">{initials(merchant.name)}</span>
        )}
      </div>
      <div className="trk-merchant-lines">
        <p id={titleId} className="trk-merchant-name">
          {merchant.name}
        </p>
        <address>
          {address && <span>{address}</span>}
          {address2 && <span>{address2}</span>}
          {locality && <span>{locality}</span>}
        </address>
        {merchant.phone && (
          <a href={telHref(merchant.phone)}>
            <span className="visually-hidden">{t('complete.phone')} </span>
            {phones ? phones.displayMerchantPhone(merchant.phone) : merchant.phone}
          </a>
        )}
      </div>
    </section>
  );
}
