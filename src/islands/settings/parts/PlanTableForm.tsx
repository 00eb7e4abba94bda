/** The selected table's fields on the plan editor: shape, seats, offered online or staff only, priority, and back to the tray. */
import { DEFAULT_TABLE_PRIORITY, TABLE_PRIORITY_BOUNDS, TABLE_SEATS_BOUNDS, TABLE_SHAPES } from '../../../shared/definition-bounds.ts';
import { reshapeTable, unplaceTable, withTable } from '../../../lib/floor/plan-edits.ts';
import type { Translate } from '../../shared/use-translation.ts';
import type { DraftTable, DraftZone } from '../definition-draft.ts';
import CountField from './CountField.tsx';

/** The table and its zone. */
export interface PlanTableFormProps {
  zone: DraftZone;
  zoneIndex: number;
  table: DraftTable;
  onChange(zone: DraftZone): void;
  t: Translate;
}

/** The fields of one table. */
export default function PlanTableForm({ zone, zoneIndex, table, onChange, t }: PlanTableFormProps) {
  const at = zone.tables.indexOf(table);
  const id = `zone-${zoneIndex}-plan-table-${at}`;
  const edit = (change: Partial<DraftTable>) => onChange(withTable(zone, table.name, (each) => ({ ...each, ...change })));
  const numberInput = (key: 'minSeats' | 'maxSeats' | 'priority', bounds: readonly [number, number], value: number) => (
    <CountField id={`${id}-${key}`} label={t(`settings.zones.plan.${key}`)} value={value} bounds={bounds} onChange={(next) => edit({ [key]: next })} />
  );
  return (
    <fieldset className="fp-form">
      <legend className="fp-subtitle">{t('settings.zones.plan.tableTitle', { name: table.name })}</legend>
      {table.plan ? (
        <div className="fp-shapes" role="radiogroup" aria-label={t('settings.zones.plan.shapeLabel')}>
          {TABLE_SHAPES.map((shape) => (
            <label key={shape} className="sp-check fp-shape">
              <input type="radio" name={`${id}-shape`} checked={table.plan?.shape === shape} onChange={() => onChange(reshapeTable(zone, table.name, shape))} />
              {t(`settings.zones.plan.shape.${shape}`)}
            </label>
          ))}
        </div>
      ) : null}
      <div className="fp-numbers">
        {numberInput('minSeats', TABLE_SEATS_BOUNDS, table.minSeats)}
        {numberInput('maxSeats', TABLE_SEATS_BOUNDS, table.maxSeats)}
        {numberInput('priority', TABLE_PRIORITY_BOUNDS, table.priority ?? DEFAULT_TABLE_PRIORITY)}
      </div>
      <label className="sp-check" htmlFor={`${id}-online`}>
        <input id={`${id}-online`} type="checkbox" checked={table.online !== false} onChange={(event) => edit({ online: event.target.checked })} />
        {t('settings.zones.plan.online')}
      </label>
      <p className="sp-hint">{t('settings.zones.plan.onlineHint')}</p>
      {table.plan ? (
        <button type="button" className="cv-btn cv-btn-secondary sp-button" onClick={() => onChange(unplaceTable(zone, table.name))}>
          {t('settings.zones.plan.unplace', { name: table.name })}
        </button>
      ) : null}
    </fieldset>
  );
}
