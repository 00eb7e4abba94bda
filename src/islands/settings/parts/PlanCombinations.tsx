/** The plan editor's combinations: the tables selected combined for a range of guests, and the zone's combinations with a remove button each. */
import { useState } from 'react';
import { TABLE_SEATS_BOUNDS } from '../../../shared/definition-bounds.ts';
import { combinationSeats, combineProblem, combineTables, removeCombination } from '../../../lib/floor/plan-edits.ts';
import type { Translate } from '../../shared/use-translation.ts';
import type { DraftZone } from '../definition-draft.ts';
import CountField from './CountField.tsx';

/** The zone, the tables selected on its plan, and where changes go. */
export interface PlanCombinationsProps {
  zone: DraftZone;
  zoneIndex: number;
  selected: readonly string[];
  onChange(zone: DraftZone): void;
  /** A combination was added (the selection is done with). */
  onCombined(): void;
  onClear(): void;
  errorAt(path: string): string | undefined;
  t: Translate;
}

/** Combine the selection, and the list of combinations. */
export default function PlanCombinations({ zone, zoneIndex, selected, onChange, onCombined, onClear, errorAt, t }: PlanCombinationsProps) {
  const combinations = zone.combinations ?? [];
  const base = `zones.${zoneIndex}.combinations`;
  return (
    <div className="fp-combinations">
      {selected.length >= 2 ? (
        // A new selection starts from its own default seats.
        <CombineForm
          key={selected.join('\u0000')}
          zone={zone}
          zoneIndex={zoneIndex}
          selected={selected}
          onChange={onChange}
          onCombined={onCombined}
          onClear={onClear}
          t={t}
        />
      ) : null}
      <h4 className="fp-subtitle">{t('settings.zones.plan.combinations')}</h4>
      {combinations.length === 0 ? <p className="sp-hint">{t('settings.zones.plan.noCombination')}</p> : null}
      <ul className="sp-list" aria-label={t('settings.zones.plan.combinationsOf', { name: zone.name })}>
        {combinations.map((combination, at) => {
          const tables = combination.tables.join(' + ');
          const error = errorAt(`${base}.${at}.tables`) ?? errorAt(`${base}.${at}.minSeats`) ?? errorAt(`${base}.${at}.maxSeats`) ?? errorAt(`${base}.${at}`);
          return (
            <li key={`${tables}-${at}`} className="sp-row fp-combination">
              <span className="sp-grow">{t('settings.zones.plan.combinationLine', { tables, min: combination.minSeats, max: combination.maxSeats })}</span>
              <button type="button" className="cv-btn cv-btn-danger-outline sp-button" onClick={() => onChange(removeCombination(zone, at))}>
                {t('settings.zones.plan.removeCombination', { tables })}
              </button>
              {error ? <p className="sp-error">{error}</p> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Seats of the combination of the selected tables, and its Combine button. */
function CombineForm({ zone, zoneIndex, selected, onChange, onCombined, onClear, t }: Omit<PlanCombinationsProps, 'errorAt'>) {
  const defaults = combinationSeats(zone, selected);
  const [minSeats, setMinSeats] = useState(defaults.minSeats);
  const [maxSeats, setMaxSeats] = useState(defaults.maxSeats);
  const [tried, setTried] = useState(false);
  const problem = combineProblem(zone, selected, minSeats, maxSeats);
  const id = `zone-${zoneIndex}-combine`;
  const tables = zone.tables.map((table) => table.name).filter((name) => selected.includes(name));
  const combine = () => {
    setTried(true);
    if (problem) return;
    onChange(combineTables(zone, selected, minSeats, maxSeats));
    onCombined();
  };
  const seatsInput = (key: 'minSeats' | 'maxSeats', value: number, set: (value: number) => void) => (
    <CountField id={`${id}-${key}`} label={t(`settings.zones.plan.${key}`)} value={value} bounds={TABLE_SEATS_BOUNDS} onChange={set} />
  );
  return (
    <fieldset className="fp-form">
      <legend className="fp-subtitle">{t('settings.zones.plan.combineTitle', { tables: tables.join(' + ') })}</legend>
      <div className="fp-numbers">
        {seatsInput('minSeats', minSeats, setMinSeats)}
        {seatsInput('maxSeats', maxSeats, setMaxSeats)}
      </div>
      {tried && problem ? (
        <p className="sp-error" role="alert">
          {t(`settings.zones.plan.problems.${problem}`, { max: defaults.maxSeats })}
        </p>
      ) : null}
      <div className="fp-actions">
        <button type="button" className="cv-btn cv-btn-primary" onClick={combine}>
          {t('settings.zones.plan.combine')}
        </button>
        <button type="button" className="cv-btn cv-btn-secondary sp-button" onClick={onClear}>
          {t('settings.zones.plan.clearSelection')}
        </button>
      </div>
    </fieldset>
  );
}
