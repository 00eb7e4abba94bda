/** What the settings page hands each of its sections: the draft, its errors by path, and the one way to change it. */
import type { StaffRole } from '../../shared/staff-roles.ts';
import type { DraftPath } from '../../lib/settings/draft-path.ts';
import type { DefinitionDraft } from './definition-draft.ts';

export type { DraftPath } from '../../lib/settings/draft-path.ts';

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
