/** Time, zone and table for a move or a new booking: the times from the diners' availability, any table that fits or one named. */
import { useId } from 'react';
import type { StaffZone } from '../../../shared/api/staff.ts';
import type { Slot } from '../../../shared/api/slots.ts';
import type { FieldError } from '../../../lib/forms/auth-form-rules.ts';
import Field from '../../shared/form/Field.tsx';
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
  /** The time select's id, so the form can focus it when no time is chosen. */
  timeId: string;
  timeError: FieldError | undefined;
}

/** The time, zone and table selects. */
export default function PlaceFields({ value, onChange, zones, slots, loading, party, allowNow, timeId, timeError }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const hour = useBookHour();
  const zoneId = useId();
  const tableId = useId();
  const zone = zones.find((candidate) => candidate.id === value.zoneId);
  const tables = (zone ? [zone] : zones).flatMap((candidate) =>
    candidate.tables.filter((table) => table.minSeats <= party && table.maxSeats >= party).map((table) => ({ ...table, zone: candidate.name })),
  );
  return (
    <>
      <Field id={timeId} label={t('staff.form.time')} required error={timeError} t={t}>
        {(control) => (
          <select {...control} className="staff-input" value={value.time} onChange={(event) => onChange({ ...value, time: event.target.value })}>
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
        )}
      </Field>
      {zones.length > 1 ? (
        <Field id={zoneId} label={t('staff.form.zone')} error={undefined} t={t}>
          {(control) => (
            <select
              {...control}
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
          )}
        </Field>
      ) : null}
      <Field id={tableId} label={t('staff.form.table')} error={undefined} t={t}>
        {(control) => (
          <select {...control} className="staff-input" value={value.tableId} onChange={(event) => onChange({ ...value, tableId: event.target.value })}>
            <option value="">{t('staff.form.anyTable')}</option>
            {tables.map((table) => (
              <option key={table.id} value={table.id}>
                {zone ? table.name : `${table.zone} · ${table.name}`} ({t('staff.form.seats', { min: table.minSeats, max: table.maxSeats })})
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
