/** Time, zone and table for a move or a new booking: the times from the diners' availability, any table that fits or one named. */
import { useId } from 'react';
import type { StaffZone } from '../../../shared/api/staff.ts';
import type { Slot } from '../../../shared/api/slots.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import { useBookHour } from './use-book-hour.ts';

/** The place chosen: a time (unix seconds, or 'now' for a walk-in), a zone ('all': any) and a table ('': any that fits). */
export interface PlaceChoice {
  time: string;
  zoneId: string;
  tableId: string;
}

/** What the fields show. */
export interface PlaceFieldsProps {
  value: PlaceChoice;
  onChange: (value: PlaceChoice) => void;
  zones: StaffZone[];
  slots: Slot[];
  loading: boolean;
  party: number;
  /** Offer "now" (a walk-in, today only). */
  allowNow?: boolean;
}

/** The time, zone and table selects. */
export default function PlaceFields({ value, onChange, zones, slots, loading, party, allowNow }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const timeId = useId();
  const zoneId = useId();
  const tableId = useId();
  const zone = zones.find((candidate) => candidate.id === value.zoneId);
  const tables = (zone ? [zone] : zones).flatMap((candidate) =>
    candidate.tables.filter((table) => table.minSeats <= party && table.maxSeats >= party).map((table) => ({ ...table, zone: candidate.name })),
  );
  return (
    <>
      <label className="staff-label" htmlFor={timeId}>
        {t('staff.form.time')}
      </label>
      <select id={timeId} className="staff-input" value={value.time} onChange={(event) => onChange({ ...value, time: event.target.value })} required>
        <option value="">
          {loading ? t('staff.form.loadingTimes') : slots.length === 0 && !allowNow ? t('staff.form.noTimes') : t('staff.form.pickTime')}
        </option>
        {allowNow ? <option value="now">{t('staff.form.now')}</option> : null}
        {slots.map((slot) => (
          <option key={slot.timestamp} value={String(slot.timestamp)}>
            {slot.available ? hour(slot.hour) : t('staff.form.fullOnline', { time: hour(slot.hour) })}
          </option>
        ))}
      </select>
      {zones.length > 1 ? (
        <>
          <label className="staff-label" htmlFor={zoneId}>
            {t('staff.form.zone')}
          </label>
          <select
            id={zoneId}
            className="staff-input"
            value={value.zoneId}
            onChange={(event) => onChange({ ...value, zoneId: event.target.value, tableId: '' })}
          >
            <option value="all">{t('staff.form.anyZone')}</option>
            {zones.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label className="staff-label" htmlFor={tableId}>
        {t('staff.form.table')}
      </label>
      <select id={tableId} className="staff-input" value={value.tableId} onChange={(event) => onChange({ ...value, tableId: event.target.value })}>
        <option value="">{t('staff.form.anyTable')}</option>
        {tables.map((table) => (
          <option key={table.id} value={table.id}>
            {zone ? table.name : `${table.zone} · ${table.name}`} ({t('staff.form.seats', { min: table.minSeats, max: table.maxSeats })})
          </option>
        ))}
      </select>
    </>
  );
}
