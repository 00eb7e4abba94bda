/**
 * A file of the site answered from one open of it. @fastify/send stats a file by its path and then opens it by its path:
 * a page an update renames over in between (scripts/update-site.ts writes each file aside and renames it in) went out
 * with the old file's length and the new file's bytes, cut short or the connection dropped. This onSend hook opens the
 * file itself, takes length, ETag and Last-Modified from that open file and sends it, as nginx does (open, then fstat).
 */
import { ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The ETag @fastify/send gives a file (weak: size and modification time). */
function fileEtag(size: number, mtime: Date): string {
  return `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;
}

/** onSend: a whole file sent as a ReadStream is sent again from a handle opened here, with headers from that handle. */
export async function wholeFileAnswer(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  // A range answers part of a file: left as it is (pages are not asked for by range).
  if (!(payload instanceof ReadStream) || reply.statusCode === 206 || typeof payload.path !== 'string') return payload;
  const handle = await open(payload.path, 'r').catch(() => null);
  if (!handle) return payload;
  try {
    const info = await handle.stat();
    payload.destroy();
    reply.header('content-length', info.size);
    if (reply.hasHeader('etag')) reply.header('etag', fileEtag(info.size, info.mtime));
    if (reply.hasHeader('last-modified')) reply.header('last-modified', info.mtime.toUTCString());
    // The stream closes the handle when it ends or is destroyed.
    return handle.createReadStream();
  } catch (error) {
    await handle.close();
    throw error;
  }
}
