/** A whole-number input that staff can empty to type another number: it stays empty meanwhile instead of snapping to a number. */
import { useState, type ChangeEvent } from 'react';

/** The value, onChange and onBlur of a number input showing `value`; `onChange` hears only numbers. */
export function useCountInput(value: number, onChange: (value: number) => void) {
  const [emptied, setEmptied] = useState(false);
  return {
    value: emptied || !Number.isFinite(value) ? '' : value,
    onChange(event: ChangeEvent<HTMLInputElement>) {
      // A number input reads '' while it holds nothing or no number yet (a lone minus sign): the last number is kept.
      const empty = event.target.value === '';
      setEmptied(empty);
      if (!empty) onChange(Number(event.target.value));
    },
    // Left empty, it shows the number kept.
    onBlur() {
      setEmptied(false);
    },
  };
}
