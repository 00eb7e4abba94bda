/**
 * Lets `merchant import` take back what `merchant export` printed: an exported definition names its images
 * by their /media address, which the contract does not accept, so they are staged from this data folder.
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { photoSources } from '../src/shared/photo-variants.ts';

// An image as export writes it: /media/{slug}/{stem}-{12 hex digest}{.ext}.
const MEDIA_PATH = /^\/media\/([a-z0-9-]+)\/([A-Za-z0-9_][A-Za-z0-9._-]*)$/;
const DIGEST_SUFFIX = /-[0-9a-f]{12}$/;
// The relative paths the contract accepts (the same rule as the definition's validation).
const RELATIVE_PATH = /^(?:[A-Za-z0-9_][A-Za-z0-9._-]*\/)*[A-Za-z0-9_][A-Za-z0-9._-]*\.(?:svg|png|jpe?g|webp|gif|avif)$/i;

/** A definition ready to import, the folder its images resolve against, and how to remove the staging. */
export interface StagedDefinition {
  definition: Record<string, unknown>;
  baseDir: string;
  cleanup(): Promise<void>;
}

interface ImageField {
  fieldPath: string;
  holder: Record<string, unknown>;
  key: string;
  value: string;
}

function imageFields(definition: Record<string, unknown>): ImageField[] {
  const holders: Array<[string, Record<string, unknown>, string]> = [
    ['logo', definition, 'logo'],
    ['banner', definition, 'banner'],
  ];
  if (Array.isArray(definition.zones)) {
    for (const [index, zone] of definition.zones.entries()) {
      if (zone !== null && typeof zone === 'object') holders.push([`zones.${index}.image`, zone as Record<string, unknown>, 'image']);
    }
  }
  return holders.flatMap(([fieldPath, holder, key]) => {
    const value = holder[key];
    return typeof value === 'string' ? [{ fieldPath, holder, key, value }] : [];
  });
}

/**
 * Returns the definition unchanged (images relative to its own folder) unless it names images by their
 * /media address; then every local image is copied into a staging folder under its original name, so the
 * import finds it and files it under the same content-addressed name as before.
 */
export async function stageExportedImages(input: Record<string, unknown>, definitionDir: string, mediaDir: string): Promise<StagedDefinition> {
  const unchanged = { definition: input, baseDir: definitionDir, cleanup: async () => {} };
  if (!imageFields(input).some((field) => MEDIA_PATH.test(field.value))) return unchanged;

  const definition = structuredClone(input);
  const staging = await mkdtemp(path.join(tmpdir(), 'couvert-import-'));
  try {
    for (const [index, field] of imageFields(definition).entries()) {
      const media = MEDIA_PATH.exec(field.value);
      let source: string;
      let name: string;
      // An uploaded photo stays named by its /media path (the import keeps a merchant's own): staged, it would lose its variants.
      if (media && photoSources(field.value)) continue;
      if (media) {
        source = path.join(mediaDir, media[1]!, media[2]!);
        const extension = path.extname(media[2]!);
        name = `${path.basename(media[2]!, extension).replace(DIGEST_SUFFIX, '')}${extension}`;
      } else if (RELATIVE_PATH.test(field.value) && !field.value.split('/').includes('..')) {
        source = path.resolve(definitionDir, field.value);
        name = path.basename(field.value);
      } else {
        continue; // An https URL, or something the import will refuse with its own message.
      }
      if (!existsSync(source)) {
        if (media) throw new Error(`${field.fieldPath}: no image ${field.value} in ${mediaDir} (an export re-imports into the data folder it came from)`);
        continue; // The import then names the field and the path the provider wrote.
      }
      await mkdir(path.join(staging, String(index)));
      await copyFile(source, path.join(staging, String(index), name));
      field.holder[field.key] = `${index}/${name}`;
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { definition, baseDir: staging, cleanup: () => rm(staging, { recursive: true, force: true }) };
}
