/** A labelled whole-number input of the floor's forms (seats, priority): its message, if any, is shown by its form. */
import { useCountInput } from '../../shared/form/use-count-input.ts';

/** What the field shows and reports. */
export interface CountFieldProps {
  id: string;
  label: string;
  value: number;
  bounds: readonly [number, number];
  /** Whether its form shows a problem with it. */
  invalid?: boolean;
  onChange(value: number): void;
}

/** One number input with its label; emptied to type another number, it stays empty (useCountInput). */
export default function CountField({ id, label, value, bounds, invalid, onChange }: CountFieldProps) {
  const count = useCountInput(value, onChange);
  return (
    <div className="sp-field">
      <label className="sp-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="number" inputMode="numeric" min={bounds[0]} max={bounds[1]} aria-invalid={invalid ? true : undefined} {...count} />
    </div>
  );
}
