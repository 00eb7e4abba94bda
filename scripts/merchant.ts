/**
 * `npm run merchant -- import FILE... | list | export SLUG`: the provider's merchant tool. With a server
 * running on this data folder it goes through that server (which rebuilds the site); otherwise it opens
 * the database itself.
 */
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { findMerchantBySlug, listMerchants } from '../src/server/db/merchant-store.ts';
import { parseMerchantDefinition } from '../src/server/domain/merchant-definition.ts';
import { exportMerchant } from '../src/server/services/merchant-export.ts';
import { importMerchant } from '../src/server/services/merchant-import.ts';
import { runCli, throughServerOrDirect } from './admin-cli.ts';
import { stageExportedImages } from './stage-exported-images.ts';

const usage = `usage: npm run merchant -- import FILE... | list | export SLUG`;

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** One call to the running server's local admin socket. */
function callServer(socketPath: string, method: string, urlPath: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ socketPath, method, path: urlPath, headers: payload ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function readDefinition(file: string): Promise<Record<string, unknown>> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('(document): a JSON object');
  return parsed as Record<string, unknown>;
}

/** Imports each file with `importOne`, one line per file; a refused file does not stop the others. */
async function importFiles(
  files: string[],
  mediaDir: string,
  importOne: (definition: Record<string, unknown>, baseDir: string) => Promise<{ slug: string; created: boolean }>,
): Promise<number> {
  let failed = 0;
  for (const file of files) {
    try {
      const staged = await stageExportedImages(await readDefinition(file), path.dirname(path.resolve(file)), mediaDir);
      try {
        const { slug, created } = await importOne(staged.definition, staged.baseDir);
        console.log(`${created ? 'created' : 'updated'} ${slug}`);
      } finally {
        await staged.cleanup();
      }
    } catch (error) {
      // The server went away: main() falls back to the database.
      if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') throw error;
      failed++;
      console.error(`${file}: refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed ? 1 : 0;
}

async function viaServer(socketPath: string, mediaDir: string, command: string, args: string[]): Promise<number> {
  if (command === 'import') {
    return importFiles(args, mediaDir, async (definition, baseDir) => {
      // Checked here first: the slug goes into the URL, and the message is the same as without a server.
      const { slug } = parseMerchantDefinition(definition);
      const url = `/api/admin/merchants/${encodeURIComponent(slug)}?baseDir=${encodeURIComponent(baseDir)}`;
      const reply = await callServer(socketPath, 'PUT', url, definition);
      if (!reply.body.success) throw new Error(String(reply.body.message ?? reply.body.error_code));
      return { slug, created: reply.body.created === true };
    });
  }
  if (command === 'list') {
    const reply = await callServer(socketPath, 'GET', '/api/booking/merchants');
    for (const merchant of reply.body.merchants as Array<{ slug: string; name: string; bookingEnabled: boolean }>) {
      console.log(`${merchant.slug.padEnd(32)} ${merchant.name}${merchant.bookingEnabled ? '' : '  (booking off)'}`);
    }
    return 0;
  }
  const reply = await callServer(socketPath, 'GET', `/api/admin/merchants/${encodeURIComponent(args[0] ?? '')}`);
  if (!reply.body.success) {
    console.error(String(reply.body.message ?? reply.body.error_code));
    return 1;
  }
  console.log(JSON.stringify(reply.body.merchant, null, 2));
  return 0;
}

async function direct(command: string, args: string[]): Promise<number> {
  const config = loadConfig();
  const release = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === 'import') {
      const mediaDir = path.join(config.dataDir, 'media');
      // Awaited here: the database closes in the finally below.
      return await importFiles(args, mediaDir, async (definition, baseDir) => {
        const { merchant, created } = await importMerchant(database.db, definition, { baseDir, mediaDir });
        return { slug: merchant.slug, created };
      });
    }
    if (command === 'list') {
      for (const merchant of await listMerchants(database.db)) {
        console.log(`${merchant.slug.padEnd(32)} ${merchant.name}${merchant.bookingEnabled ? '' : '  (booking off)'}`);
      }
      return 0;
    }
    const merchant = await findMerchantBySlug(database.db, args[0] ?? '');
    if (!merchant) {
      console.error(`no merchant ${args[0]}`);
      return 1;
    }
    console.log(JSON.stringify(await exportMerchant(database.db, merchant), null, 2));
    return 0;
  } finally {
    await database.close();
    await release();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const valid = (command === 'import' && args.length > 0) || command === 'list' || (command === 'export' && args.length === 1);
  if (!valid) {
    console.error(usage);
    return 2;
  }
  return throughServerOrDirect(
    (socketPath, dataDir) => viaServer(socketPath, path.join(dataDir, 'media'), command, args),
    () => direct(command, args),
  );
}

runCli(main);
