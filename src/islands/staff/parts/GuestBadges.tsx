/** What a host must see of a diner at a glance, on their booking's card or line: VIP, regular, allergies, seating. */
import type { StaffBookingRow } from '../../../shared/api/staff.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import './staff-guest.css';

/** The booking's diner's tags; nothing when staff keep none. `short`: the compact line's, VIP and a sign for allergies (named for screen readers) only. */
export default function GuestBadges({ booking, short = false }: { booking: Pick<StaffBookingRow, 'guest'>; short?: boolean }) {
  const { t } = useTranslation();
  const guest = booking.guest;
  if (!guest || (!guest.vip && guest.allergens.length === 0 && (short || (!guest.regular && !guest.seating)))) return null;
  const allergens = guest.allergens.map((allergen) => t(`staff.guest.allergen.${allergen}`)).join(', ');
  return (
    <span className={short ? 'staff-guest-badges staff-guest-badges-short' : 'staff-guest-badges'}>
      {guest.vip ? <span className="staff-chip staff-chip-vip">{t('staff.guest.vip')}</span> : null}
      {!short && guest.regular ? <span className="staff-chip">{t('staff.guest.regular')}</span> : null}
      {guest.allergens.length > 0 ? (
        <span className="staff-chip staff-chip-allergy" title={short ? allergens : undefined}>
          {short ? <span aria-hidden="true">⚠</span> : t('staff.guest.allergiesList', { list: allergens })}
          {short ? <span className="visually-hidden">{t('staff.guest.allergiesList', { list: allergens })}</span> : null}
        </span>
      ) : null}
      {!short && guest.seating ? <span className="staff-chip">{t('staff.guest.seatingChip', { seating: guest.seating })}</span> : null}
    </span>
  );
}
