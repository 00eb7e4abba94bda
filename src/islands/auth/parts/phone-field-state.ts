/** The phone field as a form keeps it: the text typed and the widget's last judgement of it. */
import type { PhoneField } from '../../../lib/forms/auth-form-rules.ts';
import type { PhoneValue } from '../../../lib/phone/phone-value.ts';

/** What a form holds for its phone field. */
export interface PhoneState {
  text: string;
  value: PhoneValue | null;
}

/** The field as the validation rules read it. */
export function phoneField(state: PhoneState): PhoneField {
  return { text: state.text, valid: state.value?.valid ?? false, error: state.value?.error ?? null };
}

/**
 * What is sent to the server: the number in E.164 whenever the widget could read it in the selected country, valid or
 * not, so the server (which knows no country) judges the same digits and names the same problem; else the text.
 */
export function phoneToSend(state: PhoneState): string {
  return state.value?.number ?? state.text.trim();
}

/** The countries the forms list first: the interface languages' home countries and neighbours. */
export const PREFERRED_COUNTRIES: readonly string[] = ['FR', 'BE', 'CH', 'LU', 'ES', 'IT', 'GB'];
