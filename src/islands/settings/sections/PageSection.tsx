/** The settings' Page section (placeholder until it is built). */
import type { SectionProps } from '../section-props.ts';

/** Page settings. */
export default function PageSection(_props: SectionProps) {
  return null;
}
