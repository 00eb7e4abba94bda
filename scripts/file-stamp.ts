/** A file's stamp as site-files.json records it beside its hash: a file whose stamp is unchanged is not read again. */
import type { BigIntStats } from 'node:fs';

/** Inode, size and modification time (ns) of a file stated with `{ bigint: true }`. */
export function fileStamp(info: BigIntStats): string {
  return `${info.ino}:${info.size}:${info.mtimeNs}`;
}
