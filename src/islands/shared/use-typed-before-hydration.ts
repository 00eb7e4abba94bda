/** useTypedBeforeHydration(): what the diner typed into a server-rendered form before its island hydrated becomes the form's state. */
import { useLayoutEffect, type RefObject } from 'react';

/** The form's named controls and where each one's early input goes: text for a field, whether it is checked for a checkbox. */
export interface EarlyControls {
  text?: Record<string, (value: string) => void>;
  checked?: Record<string, (checked: boolean) => void>;
}

/** The early value of a control, or undefined when it is as the page was built (React then sets `defaultValue` to the rendered value). */
export function typedValue(control: HTMLInputElement): string | undefined {
  return control.value === control.defaultValue ? undefined : control.value;
}

/**
 * Copies what was typed before hydration into the state. React keeps a hydrated input's DOM value but writes the
 * state's value back at the next render, which wiped those keystrokes; this runs in the hydration's own commit (a
 * layout effect, before the next render and before the diner can type again).
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, controls: EarlyControls): void {
  useLayoutEffect(() => {
    const elements = form.current?.elements;
    if (!elements) return;
    const input = (name: string) => {
      const control = elements.namedItem(name);
      return control instanceof HTMLInputElement ? control : null;
    };
    for (const [name, take] of Object.entries(controls.text ?? {})) {
      const control = input(name);
      const value = control ? typedValue(control) : undefined;
      if (value !== undefined) take(value);
    }
    for (const [name, take] of Object.entries(controls.checked ?? {})) {
      const control = input(name);
      if (control && control.checked !== control.defaultChecked) take(control.checked);
    }
    // Deliberately once: only the hydrating render can find text the state does not hold.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
