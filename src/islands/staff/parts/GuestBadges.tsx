/** What a host must see of a diner at a glance, on their booking's card or line: VIP, regular, allergies, seating. */
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import './staff-guest.css';

/** The booking's diner's tags; nothing when staff keep none. `short`: the compact line's badges, allergies unnamed. */
export default function GuestBadges({ booking, short = false }: { booking: Pick<StaffBookingRow, 'guest'>; short?: boolean }) {
  const { t } = useTranslation();
  const guest = booking.guest;
  if (!guest || (!guest.vip && !guest.regular && guest.allergens.length === 0 && (short || !guest.seating))) return null;
  const allergens = guest.allergens.map((allergen) => t(`staff.guest.allergen.${allergen}`)).join(', ');
  return (
    <span className="staff-guest-badges">
      {guest.vip ? <span className="staff-chip staff-chip-vip">{t('staff.guest.vip')}</span> : null}
      {guest.regular ? <span className="staff-chip">{t('staff.guest.regular')}</span> : null}
      {guest.allergens.length > 0 ? (
        <span className="staff-chip staff-chip-allergy" title={short ? allergens : undefined}>
          {short ? t('staff.guest.allergiesShort') : t('staff.guest.allergiesList', { list: allergens })}
          {short ? <span className="visually-hidden">{`: ${allergens}`}</span> : null}
        </span>
      ) : null}
      {!short && guest.seating ? <span className="staff-chip">{t('staff.guest.seatingChip', { seating: guest.seating })}</span> : null}
    </span>
  );
}
