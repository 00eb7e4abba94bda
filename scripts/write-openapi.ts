/** Writes the OpenAPI document of a server built in-process on an in-memory database: `node scripts/write-openapi.ts [file]`. */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRealtime } from '../src/server/realtime/realtime.ts';
import { silentRealtimeLogger } from '../src/server/realtime/realtime-logger.ts';
import { createServer } from '../src/server/server.ts';
import { openPglite } from '../src/server/db/database.ts';

const target = process.argv[2] ?? 'openapi.json';
// Routes are registered without reading anything: an empty, unmigrated in-memory database is enough.
const handle = await openPglite();
const realtime = createRealtime({ appId: 'docs', key: 'docs-key', secret: 'docs-secret', cluster: 'eu', logger: silentRealtimeLogger });
const server = await createServer({ db: handle.db, realtime, logLevel: 'silent', mediaDir: tmpdir(), accounts: { publicUrl: 'http://localhost' } });
await server.app.ready();
await writeFile(target, `${JSON.stringify(server.app.swagger(), null, 2)}\n`);
await server.app.close();
await realtime.close();
await handle.close();
console.log(`wrote ${target}`);
