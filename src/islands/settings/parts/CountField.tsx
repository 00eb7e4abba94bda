/** A labelled whole-number input of the floor's forms (seats, priority): its message, if any, is shown by its form. */
import { useState } from 'react';

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

/**
 * One number input with its label. Emptied to type another number, it stays empty (the table keeps its last number
 * until one is typed) rather than snapping to 0; left empty, it shows that number again.
 */
export default function CountField({ id, label, value, bounds, invalid, onChange }: CountFieldProps) {
  const [emptied, setEmptied] = useState(false);
  return (
    <div className="sp-field">
      <label className="sp-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={bounds[0]}
        max={bounds[1]}
        value={emptied || !Number.isFinite(value) ? '' : value}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          // A number input reads '' while it holds nothing or no number yet (a lone minus sign).
          const empty = event.target.value === '';
          setEmptied(empty);
          if (!empty) onChange(Number(event.target.value));
        }}
        onBlur={() => setEmptied(false)}
      />
    </div>
  );
}
