/** The settings' Rules section (placeholder until it is built). */
import type { SectionProps } from '../section-props.ts';

/** Rules settings. */
export default function RulesSection(_props: SectionProps) {
  return null;
}
