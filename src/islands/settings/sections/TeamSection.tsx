/** The settings' Team section (placeholder until it is built). */
import type { SectionProps } from '../section-props.ts';

/** Team settings. */
export default function TeamSection(_props: SectionProps) {
  return null;
}
