/** The settings' Zones section (placeholder until it is built). */
import type { SectionProps } from '../section-props.ts';

/** Zones settings. */
export default function ZonesSection(_props: SectionProps) {
  return null;
}
