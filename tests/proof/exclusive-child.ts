/** A process that holds the database's exclusive lock named on its command line: says "in", waits for a line on stdin, says "out". */
import { once } from 'node:events';
import { postgresExclusively } from '../../src/server/db/exclusive.ts';

const [url, name] = process.argv.slice(2);
if (!url || !name) throw new Error('usage: exclusive-child.ts <postgres url> <lock name>');

await postgresExclusively(url)(name, async () => {
  process.stdout.write('in\n');
  await once(process.stdin, 'data');
  process.stdout.write('out\n');
});
process.exit(0);
