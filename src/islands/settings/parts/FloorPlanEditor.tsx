/**
 * A zone's floor plan in the settings: tables dragged from the tray onto the plan and across it (mouse or touch), or
 * placed and moved by keyboard (select, then arrows); the selected table's shape, seats, online flag and priority in
 * fields; the tables selected together combined, and the zone's combinations listed with a remove button.
 */
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { freeSpot, isArrowKey, keyboardMove, planPlace, tableSize } from '../../../lib/floor/plan-geometry.ts';
import { placeTable, placedTables, toggleSelected, trayTables } from '../../../lib/floor/plan-edits.ts';
import type { Translate } from '../../shared/use-translation.ts';
import type { DraftTable, DraftZone } from '../definition-draft.ts';
import PlanCombinations from './PlanCombinations.tsx';
import PlanTableForm from './PlanTableForm.tsx';
import { usePlanDrag } from './use-plan-drag.ts';
import './floor-plan.css';

/** The zone whose plan is edited, and where its changes go. */
export interface FloorPlanEditorProps {
  zone: DraftZone;
  index: number;
  onChange(zone: DraftZone): void;
  errorAt(path: string): string | undefined;
  t: Translate;
}

/** What a table's button says: its name, seats and shape (or that it waits in the tray), and that it is staff only. */
export function planTableLabel(t: Translate, table: DraftTable): string {
  const parts = [table.name, t('settings.zones.plan.seats', { count: table.maxSeats })];
  parts.push(table.plan ? t(`settings.zones.plan.shape.${table.plan.shape}`) : t('settings.zones.plan.notPlaced'));
  if (table.online === false) parts.push(t('settings.zones.plan.staffOnly'));
  return parts.join(', ');
}

/** The plan editor of one zone. */
export default function FloorPlanEditor({ zone, index, onChange, errorAt, t }: FloorPlanEditorProps) {
  const plan = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const selected = picked.filter((name) => zone.tables.some((table) => table.name === name));
  const drop = useCallback((name: string, at: { x: number; y: number }) => onChange(placeTable(zone, name, at)), [zone, onChange]);
  const tap = useCallback((name: string) => setPicked((now) => toggleSelected(now, name)), []);
  const { drag, onPointerDown, onClick } = usePlanDrag(plan, drop, tap);
  const placed = placedTables(zone);
  const tray = trayTables(zone);
  const hintId = `zone-${index}-plan-hint`;
  const one = selected.length === 1 ? zone.tables.find((table) => table.name === selected[0]) : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, table: DraftTable) => {
    if (event.key === 'Escape' && selected.length > 0) {
      event.preventDefault();
      setPicked([]);
      return;
    }
    if (!table.plan || !isArrowKey(event.key)) return;
    event.preventDefault();
    if (!selected.includes(table.name)) setPicked([table.name]);
    onChange(placeTable(zone, table.name, keyboardMove(table.plan, event.key, event.shiftKey)));
  };
  const placeFromTray = (name: string) => {
    onChange(placeTable(zone, name, freeSpot(placed.map((table) => table.plan))));
    setPicked([name]);
    // The table's button moves from the tray to the plan: the focus follows it there.
    requestAnimationFrame(() => plan.current?.querySelector<HTMLElement>(`[data-table="${CSS.escape(name)}"]`)?.focus());
  };

  return (
    <section className="fp" aria-labelledby={`zone-${index}-plan-title`}>
      <h3 id={`zone-${index}-plan-title`} className="fp-title">
        {t('settings.zones.plan.title', { name: zone.name })}
      </h3>
      <p id={hintId} className="sp-hint">
        {t('settings.zones.plan.hint')}
      </p>
      <div className="fp-body">
        <div className="fp-tray" role="group" aria-label={t('settings.zones.plan.tray', { name: zone.name })}>
          <h4 className="fp-subtitle">{t('settings.zones.plan.trayTitle')}</h4>
          {tray.length === 0 ? <p className="sp-hint">{t('settings.zones.plan.trayEmpty')}</p> : null}
          <ul className="fp-tray-list">
            {tray.map((table) => (
              <li key={table.name} className="fp-tray-item">
                <button
                  type="button"
                  data-table={table.name}
                  className={`fp-table fp-in-tray${table.online === false ? ' fp-offline' : ''}${drag?.name === table.name ? ' fp-moving' : ''}`}
                  aria-pressed={selected.includes(table.name)}
                  aria-label={planTableLabel(t, table)}
                  aria-describedby={hintId}
                  onPointerDown={(event) => onPointerDown(event, table.name, 'tray')}
                  onClick={(event) => onClick(event, table.name)}
                  onKeyDown={(event) => onKeyDown(event, table)}
                >
                  <span aria-hidden="true">{table.name}</span>
                </button>
                <button type="button" className="cv-btn cv-btn-secondary sp-button fp-small" onClick={() => placeFromTray(table.name)}>
                  {t('settings.zones.plan.place', { name: table.name })}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div
          ref={plan}
          className={`fp-plan${drag?.at ? ' fp-plan-target' : ''}`}
          role="group"
          aria-label={t('settings.zones.plan.planLabel', { name: zone.name })}
        >
          {placed.map((table) => {
            const moving = drag?.name === table.name && drag.at ? drag.at : null;
            const at = moving ?? table.plan;
            const size = tableSize(table.plan.shape, table.maxSeats);
            return (
              <button
                key={table.name}
                type="button"
                data-table={table.name}
                className={`fp-table fp-${table.plan.shape}${table.online === false ? ' fp-offline' : ''}${moving ? ' fp-moving' : ''}`}
                style={planPlace(at, size)}
                aria-pressed={selected.includes(table.name)}
                aria-label={planTableLabel(t, table)}
                aria-describedby={hintId}
                onPointerDown={(event) => onPointerDown(event, table.name, 'plan')}
                onClick={(event) => onClick(event, table.name)}
                onKeyDown={(event) => onKeyDown(event, table)}
              >
                <span aria-hidden="true">{table.name}</span>
              </button>
            );
          })}
          {drag && drag.from === 'tray' && drag.at ? (
            <span className="fp-ghost" style={{ left: `${drag.at.x}%`, top: `${drag.at.y}%` }} aria-hidden="true">
              {drag.name}
            </span>
          ) : null}
        </div>
        <div className="fp-side">
          {one ? <PlanTableForm zone={zone} zoneIndex={index} table={one} onChange={onChange} t={t} /> : null}
          <PlanCombinations
            zone={zone}
            zoneIndex={index}
            selected={selected}
            onChange={onChange}
            onCombined={() => setPicked([])}
            onClear={() => setPicked([])}
            errorAt={errorAt}
            t={t}
          />
        </div>
      </div>
      {drag && drag.from === 'tray' && !drag.at ? (
        <span className="fp-ghost fp-ghost-free" style={{ left: drag.clientX, top: drag.clientY }} aria-hidden="true">
          {drag.name}
        </span>
      ) : null}
    </section>
  );
}
