/** The settings' SpecialDays section (placeholder until it is built). */
import type { SectionProps } from '../section-props.ts';

/** SpecialDays settings. */
export default function SpecialDaysSection(_props: SectionProps) {
  return null;
}
