/** Imports a provider's merchant definition: validated whole, images copied, staff passwords hashed. */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { DomainError } from '../domain/errors.ts';
import { MEDIA_PATH_RE, parseMerchantDefinition, type MerchantDefinition } from '../domain/merchant-definition.ts';
import type { Database } from '../db/database.ts';
import { upsertMerchant, type ImportedImages, type MerchantRow } from '../db/merchant-store.ts';
import { staffHashesOf, type StaffRevocation } from '../db/staff-rows.ts';
import { insertMerchantChange } from '../db/merchant-change-store.ts';
import { changedFields, pickFields } from '../domain/definition-changes.ts';
import { editableDefinitionOf } from './merchant-export.ts';

const IMAGE_TYPES = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif']);
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Where images come from and go to. */
export interface ImportOptions {
  /** Folder of the definition file: relative image paths resolve here. Absent over the admin API. */
  baseDir?: string;
  /** Folder served at /media: images are copied under {mediaDir}/{slug}/. */
  mediaDir: string;
}

/** Who a provider's import is recorded as in the merchant's change history (there is no staff member behind it). */
export const IMPORT_AUTHOR = 'provider';

function refuse(fieldPath: string, message: string): never {
  throw new DomainError('invalid_merchant_definition', { issues: [{ path: fieldPath, message }] }, `${fieldPath}: ${message}`);
}

async function importImage(source: string | undefined, fieldPath: string, slug: string, options: ImportOptions): Promise<string | null> {
  if (!source) return null;
  if (/^https:\/\//.test(source)) return source;
  if (source.startsWith('/media/')) return keepImportedImage(source, fieldPath, slug, options);
  if (!options.baseDir) refuse(fieldPath, 'a relative image path can only be imported from a file (npm run merchant -- import); use an https URL here');
  const file = path.resolve(options.baseDir, source);
  const extension = path.extname(file).toLowerCase();
  if (!IMAGE_TYPES.has(extension)) refuse(fieldPath, `not an image type we serve (${[...IMAGE_TYPES].join(', ')})`);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) refuse(fieldPath, `no file at ${source}`);
  if (info.size > MAX_IMAGE_BYTES) refuse(fieldPath, 'image larger than 5 MB');
  // Content-addressed names: a changed image gets a new URL, so caches never serve the old one.
  const digest = createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
    .slice(0, 12);
  const name = `${path.basename(file, extension).replace(/[^a-zA-Z0-9_-]/g, '-')}-${digest}${extension}`;
  await mkdir(path.join(options.mediaDir, slug), { recursive: true });
  // Written beside, then renamed over: never rewritten in place, since a built site holds hard links to these files (scripts/copy-tree.ts).
  const target = path.join(options.mediaDir, slug, name);
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await copyFile(file, temporary);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
  return `/media/${slug}/${name}`;
}

/** An image this merchant already has under /media (what export writes) stays as it is, so an export imports again unchanged. */
async function keepImportedImage(source: string, fieldPath: string, slug: string, options: ImportOptions): Promise<string> {
  const [, folder, name] = MEDIA_PATH_RE.exec(source) ?? [];
  if (folder !== slug || !name) refuse(fieldPath, `only this merchant's own images may be named by their /media path (/media/${slug}/...)`);
  const info = await stat(path.join(options.mediaDir, folder, name)).catch(() => undefined);
  if (!info?.isFile()) refuse(fieldPath, `no image ${source} on this server: give the image file or an https URL`);
  return source;
}

async function importImages(definition: MerchantDefinition, options: ImportOptions): Promise<ImportedImages> {
  const zones: Record<string, string | null> = {};
  for (const [index, zone] of definition.zones.entries()) {
    zones[zone.name] = await importImage(zone.image, `zones.${index}.image`, definition.slug, options);
  }
  return {
    logo: await importImage(definition.logo, 'logo', definition.slug, options),
    banner: await importImage(definition.banner, 'banner', definition.slug, options),
    zones,
  };
}

/** What a validated definition needs before it is written: its images in place and each staff member's password hash. */
export async function prepareImport(
  db: Database,
  definition: MerchantDefinition,
  options: ImportOptions,
): Promise<{ images: ImportedImages; hashes: Map<string, string> }> {
  const images = await importImages(definition, options);
  const stored = await staffHashesOf(db, definition.slug);
  const hashes = new Map<string, string>();
  for (const member of definition.staff) {
    const known = stored.get(member.email.toLowerCase());
    // The same password imported again keeps its hash, so a re-import signs nobody out; a new one is a password change.
    const same = 'password' in member && known !== undefined && (await verify(known, member.password).catch(() => false));
    hashes.set(member.email, 'passwordHash' in member ? member.passwordHash : same ? known : await hash(member.password));
  }
  return { images, hashes };
}

/**
 * Validates and stores one merchant definition; a bad one is refused whole, naming the field. What it changed is
 * recorded in the merchant's change history as the provider's (in the write's transaction; nothing when nothing
 * changed). Answers what it ended: staff rows removed and the sessions of a staff member whose password changed (the
 * caller closes their live sockets).
 */
export async function importMerchant(
  db: Database,
  input: unknown,
  options: ImportOptions & { now?: Date },
): Promise<{ merchant: MerchantRow; created: boolean; revocation: StaffRevocation }> {
  const definition = parseMerchantDefinition(input);
  const { images, hashes } = await prepareImport(db, definition, options);
  let before: Record<string, unknown> = {};
  return upsertMerchant(db, definition, images, hashes, {
    beforeWrite: async (tx, row) => {
      if (row) before = await editableDefinitionOf(tx, row);
    },
    afterWrite: async (tx, row) => {
      const after = await editableDefinitionOf(tx, row);
      const fields = changedFields(before, after);
      if (fields.length === 0) return;
      await insertMerchantChange(tx, {
        merchantId: row.id,
        staffId: null,
        staffEmail: IMPORT_AUTHOR,
        revision: row.definitionRevision,
        fields,
        before: pickFields(before, fields),
        after: pickFields(after, fields),
        at: options.now ?? new Date(),
      });
    },
  });
}
