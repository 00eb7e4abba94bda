/** A whole-number setting with its unit, checked against the import's bounds as it is typed; the server's error wins. */
import { isWholeIn } from '../../../shared/definition-bounds.ts';
import type { Translate } from '../../shared/use-translation.ts';

/** What the field shows and reports. */
export interface NumberSettingProps {
  id: string;
  label: string;
  /** The unit written after the input (minutes, guests, days). */
  unit: string;
  value: unknown;
  bounds: readonly [number, number];
  /** The server's (or a cross-field) message for this field. */
  error: string | undefined;
  onChange(value: number | undefined): void;
  t: Translate;
}

/** The local message of a value outside its bounds, else undefined. */
export function boundsError(value: unknown, bounds: readonly [number, number], t: Translate): string | undefined {
  return isWholeIn(value, bounds) ? undefined : t('settings.rules.range', { min: bounds[0], max: bounds[1] });
}

/** One number input with its label, unit and error. */
export default function NumberSetting({ id, label, unit, value, bounds, error, onChange, t }: NumberSettingProps) {
  const message = error ?? boundsError(value, bounds, t);
  const errorId = message ? `${id}-error` : undefined;
  return (
    <div className="sp-field">
      <label className="sp-label" htmlFor={id}>
        {label}
      </label>
      <span className="sp-with-unit">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={bounds[0]}
          max={bounds[1]}
          step={1}
          value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
          aria-invalid={message ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
        <span>{unit}</span>
      </span>
      {message ? (
        <p className="sp-error" id={errorId}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
