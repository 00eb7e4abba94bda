/** One zone of the zones section: its name and its tables (name, seats), each removable, a button to add one, and its floor plan. */
import { NAME_MAX, TABLE_SEATS_BOUNDS } from '../../../shared/definition-bounds.ts';
import type { Translate } from '../../shared/use-translation.ts';
import type { DraftZone } from '../definition-draft.ts';
import FloorPlanEditor from './FloorPlanEditor.tsx';
import { addTable, nameProblem, removeTable, renameTable, seatsProblem } from './zone-edits.ts';
import CountField from './CountField.tsx';

/** What a zone card shows and reports. */
export interface ZoneCardProps {
  zone: DraftZone;
  index: number;
  /** Names of every zone (to flag a duplicate). */
  zoneNames: readonly string[];
  errorAt(path: string): string | undefined;
  onChange(zone: DraftZone): void;
  onRemove(): void;
  /** A zone may go only while another remains. */
  removable: boolean;
  t: Translate;
}

/** One zone and its tables. */
export default function ZoneCard({ zone, index, zoneNames, errorAt, onChange, onRemove, removable, t }: ZoneCardProps) {
  const base = `zones.${index}`;
  const problem = nameProblem(zoneNames, index, NAME_MAX.zone);
  const zoneError = errorAt(`${base}.name`) ?? (problem ? t(`settings.zones.problems.${problem}`, { max: NAME_MAX.zone }) : undefined);
  const tableNames = zone.tables.map((table) => table.name);
  const tablesError = errorAt(`${base}.tables`);
  return (
    <section className="sp-zone" aria-labelledby={`zone-${index}-name`}>
      <div className="sp-row">
        <div className="sp-field sp-grow">
          <label className="sp-label" htmlFor={`zone-${index}-name`}>
            {t('settings.zones.zoneName')}
          </label>
          <input id={`zone-${index}-name`} value={zone.name} maxLength={NAME_MAX.zone} onChange={(event) => onChange({ ...zone, name: event.target.value })} />
          {zoneError ? <p className="sp-error">{zoneError}</p> : null}
        </div>
        <button type="button" className="cv-btn cv-btn-danger-outline sp-button" disabled={!removable} onClick={onRemove}>
          {t('settings.zones.removeZone', { name: zone.name })}
        </button>
      </div>
      <ul className="sp-list" aria-label={t('settings.zones.tablesOf', { name: zone.name })}>
        {zone.tables.map((table, at) => {
          const path = `${base}.tables.${at}`;
          const id = `zone-${index}-table-${at}`;
          const naming = nameProblem(tableNames, at, NAME_MAX.table);
          const nameError = errorAt(`${path}.name`) ?? (naming ? t(`settings.zones.problems.${naming}`, { max: NAME_MAX.table }) : undefined);
          const seats = seatsProblem(table);
          const seatsError =
            errorAt(`${path}.minSeats`) ??
            errorAt(`${path}.maxSeats`) ??
            (seats ? t(`settings.zones.problems.${seats}`, { min: TABLE_SEATS_BOUNDS[0], max: TABLE_SEATS_BOUNDS[1] }) : undefined);
          const seatsInput = (key: 'minSeats' | 'maxSeats') => (
            <CountField
              id={`${id}-${key}`}
              label={t(`settings.zones.${key}`)}
              value={table[key]}
              bounds={TABLE_SEATS_BOUNDS}
              invalid={seatsError !== undefined}
              onChange={(next) => onChange({ ...zone, tables: zone.tables.map((each, k) => (k === at ? { ...each, [key]: next } : each)) })}
            />
          );
          return (
            <li key={at} className="sp-row sp-table">
              <div className="sp-field sp-grow">
                <label className="sp-label" htmlFor={`${id}-name`}>
                  {t('settings.zones.tableName')}
                </label>
                <input
                  id={`${id}-name`}
                  value={table.name}
                  maxLength={NAME_MAX.table}
                  onChange={(event) => onChange(renameTable(zone, at, event.target.value))}
                />
                {nameError ? <p className="sp-error">{nameError}</p> : null}
              </div>
              {seatsInput('minSeats')}
              {seatsInput('maxSeats')}
              <button
                type="button"
                className="cv-btn cv-btn-danger-outline sp-button sp-remove"
                disabled={zone.tables.length <= 1}
                onClick={() => onChange(removeTable(zone, at))}
              >
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t('settings.zones.removeTable', { name: table.name })}</span>
              </button>
              {seatsError ? <p className="sp-error">{seatsError}</p> : null}
            </li>
          );
        })}
      </ul>
      {tablesError ? <p className="sp-error">{tablesError}</p> : null}
      <button type="button" className="cv-btn cv-btn-secondary sp-button" onClick={() => onChange(addTable(zone))}>
        {t('settings.zones.addTable')}
      </button>
      <FloorPlanEditor zone={zone} index={index} onChange={onChange} errorAt={errorAt} t={t} />
    </section>
  );
}
