/** The settings' Hours section (placeholder until it is built). */
import type { SectionProps } from '../section-props.ts';

/** Hours settings. */
export default function HoursSection(_props: SectionProps) {
  return null;
}
