/** The admin API on a Unix socket inside the data folder, for the `merchant` CLI while a server runs. */
import { rename, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Marks a request that arrived on the local socket: whoever can reach the data folder is the provider. */
export const LOCAL_ADMIN = Symbol('couvert.localAdmin');

/** Whether a request came through the local admin socket. */
export function isLocalAdmin(raw: IncomingMessage): boolean {
  return (raw as IncomingMessage & { [LOCAL_ADMIN]?: boolean })[LOCAL_ADMIN] === true;
}

/** Path of the local admin socket of a data folder. */
export function localAdminSocket(dataDir: string): string {
  return path.join(dataDir, 'admin.sock');
}

/** Serves the app's routes on the data folder's socket; the file's permissions are the access check. */
export async function listenLocalAdmin(app: FastifyInstance, dataDir: string): Promise<{ close(): Promise<void> }> {
  const socketPath = localAdminSocket(dataDir);
  // Bound under a name of our own, then moved into place: closing a server unlinks the name it was bound to,
  // which must never be the socket another process (sharing this folder on one DATABASE_URL) put there since.
  const boundPath = `${socketPath}.${process.pid}`;
  await rm(boundPath, { force: true });
  const server = createServer((request, response) => {
    (request as IncomingMessage & { [LOCAL_ADMIN]?: boolean })[LOCAL_ADMIN] = true;
    app.routing(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(boundPath, () => resolve());
  });
  const ours = (await stat(boundPath)).ino;
  await rename(boundPath, socketPath);
  return {
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      const current = await stat(socketPath).catch(() => undefined);
      if (current?.ino === ours) await rm(socketPath, { force: true });
    },
  };
}
