/**
 * The restaurant edits its own definition: read it (staff without passwords) at a revision, and save it through the
 * import's validation and write, only from the revision read, recording who changed which fields.
 */
import { randomBytes } from 'node:crypto';
import { changedFields, pickFields, staffChanged } from '../domain/definition-changes.ts';
import { DomainError, isDomainError } from '../domain/errors.ts';
import { parseMerchantDefinition, type DefinitionIssue, type MerchantDefinition } from '../domain/merchant-definition.ts';
import type { Database } from '../db/database.ts';
import { latestMerchantChanges, insertMerchantChange } from '../db/merchant-change-store.ts';
import { findMerchantBySlug, upsertMerchant } from '../db/merchant-store.ts';
import { staffHashesByEmail, staffMembersOf, type StaffMemberValues, type StaffRevocation } from '../db/staff-rows.ts';
import { writeStaffInvitations } from '../db/staff-invitations.ts';
import { mayStaff, type StaffRole } from '../../shared/staff-roles.ts';
import { LIST_MAX } from '../../shared/definition-bounds.ts';
import { editableDefinitionOf } from './merchant-export.ts';
import { prepareImport } from './merchant-import.ts';

/** The staff member saving: the merchant's slug, their staff row, email and role there. */
export interface DefinitionEditor {
  slug: string;
  staffId: string;
  email: string;
  role: StaffRole;
}

/** The merchant's definition and the revision it was read at, from one snapshot (no write can fall between the two). */
export function readDefinition(db: Database, slug: string): Promise<{ definition: Record<string, unknown>; revision: number }> {
  return db.transaction(
    async (tx) => {
      const merchant = await findMerchantBySlug(tx, slug);
      if (!merchant) throw new DomainError('merchant_not_found');
      return { definition: await editableDefinitionOf(tx, merchant), revision: merchant.definitionRevision };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** 422 validation_error listing each issue by its dotted path (the import's issues, answered as a staff call's). */
function refused(issues: DefinitionIssue[]): never {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path || '_'] ??= []).push(issue.message);
  const message = issues
    .slice(0, 3)
    .map((issue) => `${issue.path || '(document)'}: ${issue.message}`)
    .join('; ');
  throw new DomainError('validation_error', { issues, errors }, message, 422);
}

/** The import's issues of a failure it refused with, else the failure itself rethrown. */
function issuesOf(error: unknown): DefinitionIssue[] {
  if (isDomainError(error) && error.code === 'invalid_merchant_definition') return (error.details?.issues as DefinitionIssue[] | undefined) ?? [];
  throw error;
}

/**
 * The document as the import reads it: the slug of the URL, and each listed staff member already stored given their
 * current hash when no password comes (they keep it) and their current role when none is named. A hash is never
 * taken from staff. A new member without a password is invited: given a random password nobody knows (so no usable
 * one), they are mailed a link to choose theirs (unless they have an account already: keepPasswordsFromElsewhere). Answers it with the issues found on the way and who is invited.
 */
function withStoredStaff(input: Record<string, unknown>, slug: string, stored: ReadonlyMap<string, StaffMemberValues>) {
  const issues: DefinitionIssue[] = [];
  if (input.slug !== undefined && input.slug !== slug) issues.push({ path: 'slug', message: `the slug never changes this way: it stays ${slug}` });
  if (input.staff === undefined) issues.push({ path: 'staff', message: 'required: list the staff (unchanged unless you are an owner)' });
  const given = new Set<string>();
  const invited = new Set<string>();
  const staff = Array.isArray(input.staff)
    ? input.staff.map((entry: unknown, index) => {
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry;
        const member = { ...(entry as Record<string, unknown>) };
        const email = typeof member.email === 'string' ? member.email.trim().toLowerCase() : '';
        const known = stored.get(email);
        if ('passwordHash' in member)
          issues.push({ path: `staff.${index}.passwordHash`, message: 'not accepted here: give a password, or none to keep the current one' });
        else if (member.password === undefined && known) member.passwordHash = known.passwordHash;
        else if (member.password === undefined) {
          member.password = randomBytes(32).toString('base64url');
          invited.add(email);
        } else given.add(email);
        if (member.role === undefined && known) member.role = known.role;
        return member;
      })
    : input.staff;
  return { document: { ...input, slug, staff }, issues, passwordsGiven: given, invited };
}

/**
 * A new member who is already staff of another merchant has an account: they keep their password (one of its stored
 * hashes) and are not invited.
 */
async function keepPasswordsFromElsewhere(db: Database, staff: unknown, invited: Set<string>): Promise<void> {
  // More than a definition may list is refused by the validation anyway: no look-up for each of them first.
  if (!Array.isArray(staff) || staff.length > LIST_MAX.staff) return;
  for (const email of [...invited]) {
    const [elsewhere] = await staffHashesByEmail(db, email);
    if (!elsewhere) continue;
    const member = staff.find((entry: Record<string, unknown>) => typeof entry?.email === 'string' && entry.email.trim().toLowerCase() === email);
    if (!member) continue;
    delete member.password;
    member.passwordHash = elsewhere.passwordHash;
    invited.delete(email);
  }
}

/**
 * Saves a staff member's definition of their merchant from the revision they read: 422 validation_error naming each
 * wrong field, 403 forbidden when a role without the right changes the staff (only an owner does), 422 last_owner
 * when no owner would remain, 422 self_removal when an owner's list leaves them out, 409 stale_revision when it
 * changed since (nothing written). The check, the write, the change record and the invitations are one transaction.
 */
export async function saveDefinition(
  db: Database,
  editor: DefinitionEditor,
  input: Record<string, unknown>,
  revision: number,
  options: { mediaDir: string; now: Date },
): Promise<{ revision: number; revocation: StaffRevocation; invited: number; fields: string[] }> {
  if (!mayStaff(editor.role, 'definition')) throw new DomainError('forbidden', { role: editor.role }, `A ${editor.role} may not change the definition`);
  const stored = await staffMembersOf(db, editor.slug);
  const { document, issues, passwordsGiven, invited } = withStoredStaff(input, editor.slug, stored);
  await keepPasswordsFromElsewhere(db, document.staff, invited);
  let definition: MerchantDefinition | undefined;
  try {
    definition = parseMerchantDefinition(document);
  } catch (error) {
    issues.push(...issuesOf(error));
  }
  if (issues.length > 0 || !definition) refused(issues);
  const listed = definition.staff.map((member) => ({ email: member.email, role: member.role, newPassword: passwordsGiven.has(member.email) }));
  const storedRoles = new Map([...stored].map(([email, member]) => [email, member.role]));
  if (staffChanged(storedRoles, listed)) {
    if (!mayStaff(editor.role, 'staff')) throw new DomainError('forbidden', { role: editor.role }, 'Only an owner changes the staff: list them unchanged');
    if (!listed.some((member) => member.role === 'owner'))
      throw new DomainError('last_owner', { path: 'staff' }, 'At least one owner stays, so the restaurant keeps someone who manages its staff');
    if (!listed.some((member) => member.email === editor.email.toLowerCase()))
      throw new DomainError('self_removal', { path: 'staff' }, 'An owner never removes themselves: another owner does');
  }
  let prepared;
  try {
    prepared = await prepareImport(db, definition, { mediaDir: options.mediaDir });
  } catch (error) {
    refused(issuesOf(error));
  }
  // Those who keep their password keep the hash stored when the write runs, not the one read here: a password its
  // owner changes meanwhile is never written back.
  const hashes = new Map<string, string | null>(prepared.hashes);
  for (const member of definition.staff) if (stored.has(member.email) && !passwordsGiven.has(member.email)) hashes.set(member.email, null);
  let before: Record<string, unknown> = {};
  let changed: string[] = [];
  const { merchant, revocation } = await upsertMerchant(db, definition, prepared.images, hashes, {
    expectedRevision: revision,
    beforeWrite: async (tx, row) => {
      if (row) before = await editableDefinitionOf(tx, row);
    },
    afterWrite: async (tx, row) => {
      const after = await editableDefinitionOf(tx, row);
      const fields = changedFields(before, after);
      changed = fields;
      await insertMerchantChange(tx, {
        merchantId: row.id,
        staffId: editor.staffId,
        staffEmail: editor.email,
        revision: row.definitionRevision,
        fields,
        before: pickFields(before, fields),
        after: pickFields(after, fields),
        at: options.now,
      });
      const lang = definition.notifications?.lang ?? 'fr';
      await writeStaffInvitations(tx, { merchantId: row.id, revision: row.definitionRevision, emails: [...invited], lang, now: options.now });
    },
  });
  return { revision: merchant.definitionRevision, revocation, invited: invited.size, fields: changed };
}

/** A merchant's latest recorded definition changes, newest first. */
export async function definitionHistory(db: Database, merchantId: string, limit: number) {
  const rows = await latestMerchantChanges(db, merchantId, limit);
  return rows.map((row) => ({
    at: row.createdAt.toISOString(),
    by: row.staffEmail,
    revision: row.revision,
    fields: row.fields,
    before: row.before,
    after: row.after,
  }));
}
