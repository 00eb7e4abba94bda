/** The settings' History section (placeholder until it is built). */
import type { SectionProps } from '../section-props.ts';

/** History settings. */
export default function HistorySection(_props: SectionProps) {
  return null;
}
