/** What the settings page hands each of its sections: the draft, its errors by path, and the one way to change it. */
import type { StaffRole } from '../../shared/staff-roles.ts';
import type { DefinitionDraft } from './definition-draft.ts';

/** A path into the definition, as the server's 422 names it (`shifts.1.slots.0.end` is ['shifts', 1, 'slots', 0, 'end']). */
export type DraftPath = readonly (string | number)[];

/** The props of every settings section. */
export interface SectionProps {
  /** The restaurant's slug (for calls such as photo upload). */
  slug: string;
  /** The definition as edited so far (not yet saved). */
  draft: DefinitionDraft;
  /** The message of the server's (or the form's) error at this dotted path, to show beside its field. */
  errorAt(path: string): string | undefined;
  /** Replaces the value at path in the draft. */
  change(path: DraftPath, value: unknown): void;
  /** The signed-in staff member's role (a manager sees the team read-only). */
  role: StaffRole;
}
