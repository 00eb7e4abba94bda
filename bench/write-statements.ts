/**
 * `npm run bench:statements`: how many statements and transactions one guest's booking costs the database, call by
 * call (create, no_account, validate, then the jobs that send its messages), on embedded PGlite and on PostgreSQL.
 * Counts, not times: the same on a busy machine. Writes bench/results/write-statements.md.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/database.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { createRealtime } from '../src/server/realtime/realtime.ts';
import { silentRealtimeLogger } from '../src/server/realtime/realtime-logger.ts';
import { createServer, type CouvertServer } from '../src/server/server.ts';
import { importDemoMerchants } from '../src/server/services/demo-merchants.ts';
import { createPostgresDatabase } from '../tests/support/test-database.ts';
import { machineLines } from './machine.ts';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 20);
const SLUG = 'le-petit-zinc';
const STEPS = ['create', 'no_account', 'validate', 'message jobs'] as const;
type Step = (typeof STEPS)[number];

/** Every statement Drizzle sent since the last take, the transactions begun and the socket writes made. */
interface Counter {
  statements: string[];
  transactions: number;
  writes: number;
  take(): { statements: string[]; transactions: number; writes: number };
}

function counter(): Counter {
  const c: Counter = {
    statements: [],
    transactions: 0,
    writes: 0,
    take() {
      const taken = { statements: c.statements, transactions: c.transactions, writes: c.writes };
      c.statements = [];
      c.transactions = 0;
      c.writes = 0;
      return taken;
    },
  };
  return c;
}

/**
 * Counts the process's socket writes: on PostgreSQL (the calls are injected, no HTTP socket) each is a round trip to
 * the database, one or more statements postgres.js sent together. Answers how to stop counting.
 */
function countSocketWrites(c: Counter): () => void {
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: net.Socket, ...args: Parameters<typeof write>) {
    c.writes += 1;
    return write.apply(this, args);
  } as typeof write;
  return () => {
    net.Socket.prototype.write = write;
  };
}

/** Counts the top-level transactions begun on the handle (each is a BEGIN and a COMMIT or ROLLBACK the logger never sees). */
function countTransactions(handle: DatabaseHandle, c: Counter): void {
  const db = handle.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const begin = db.transaction.bind(db);
  db.transaction = (...args: unknown[]) => {
    c.transactions += 1;
    return begin(...args);
  };
}

/** A statement's shape: its text with the parameters' numbers kept and runs of white space folded. */
const shapeOf = (statement: string) => statement.replace(/\s+/g, ' ').trim();

interface Measured {
  perStep: Record<Step, { statements: number[]; transactions: number[]; writes: number[] }>;
  /** The statements of the last booking, by step. */
  sample: Record<Step, string[]>;
}

async function measure(handle: DatabaseHandle, c: Counter): Promise<Measured> {
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'couvert-bench-media-'));
  const realtime = createRealtime({ appId: 'bench', key: 'bench-key', secret: 'bench-secret', cluster: 'eu', logger: silentRealtimeLogger });
  const mailer = createMailer({ from: 'Couvert <bench@couvert.test>' });
  let server: CouvertServer | undefined;
  try {
    server = await createServer({
      db: handle.db,
      realtime,
      mediaDir,
      adminToken: 'bench-admin-token-0123456789abcdef',
      logLevel: 'silent',
      siteUrl: 'https://book.example',
      sms: { send: async () => {} },
      accounts: { publicUrl: 'http://couvert.test', mailer },
      limits: { drafts: { perAddress: 1e6, perDevice: 1e6, perEvening: 1e6 } },
    });
    await importDemoMerchants(handle.db, mediaDir);
    await server.app.ready();
    const app = server.app;
    const post = async (url: string, payload: object, bearer?: string) => {
      const response = await app.inject({ method: 'POST', url, payload, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
      const body = JSON.parse(response.body);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return body;
    };
    const perStep = Object.fromEntries(
      STEPS.map((step) => [step, { statements: [] as number[], transactions: [] as number[], writes: [] as number[] }]),
    ) as Measured['perStep'];
    const sample = {} as Measured['sample'];
    let day = 2;
    let made = 0;
    while (made < BOOKINGS) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const slots = await post('/api/booking/booking_slots/get', { merchant_slug: SLUG, date, bookingZoneId: 'all', needed_seats: 2 });
      const free = (slots.slots as Array<{ timestamp: number; available: boolean }>).filter((slot) => slot.available);
      if (free.length === 0) {
        day += 1;
        continue;
      }
      await server.jobs.runDue();
      c.take();
      const record = (step: Step) => {
        const taken = c.take();
        perStep[step].statements.push(taken.statements.length);
        perStep[step].transactions.push(taken.transactions);
        perStep[step].writes.push(taken.writes);
        sample[step] = taken.statements.map(shapeOf);
      };
      const created = await post('/api/booking/create', {
        merchant_slug: SLUG,
        datetime: free[made % free.length]!.timestamp,
        booking_zone_id: 'all',
        client_count: 2,
      });
      record('create');
      const phone = `+3367${String(1_000_000 + made).padStart(7, '0')}`;
      const guest = await post('/api/front/user/no_account', { firstname: 'Gus', lastname: 'Guest', phone, bookingToken: created.token });
      record('no_account');
      await post('/api/booking/validate', { merchant_slug: SLUG, token: created.token }, guest.access_token);
      record('validate');
      await server.jobs.runDue();
      record('message jobs');
      made += 1;
      if (made % 4 === 0) day += 1;
    }
    return { perStep, sample };
  } finally {
    await server?.app.close();
    await realtime.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function report(kind: string, m: Measured): string[] {
  const postgres = kind === 'PostgreSQL';
  const lines = [
    `## ${kind}`,
    '',
    `| call | statements (median) | min-max | transactions (median) |${postgres ? ' round trips (median) |' : ''}`,
    `|---|---:|---:|---:|${postgres ? '---:|' : ''}`,
  ];
  let total = 0;
  let transactions = 0;
  let writes = 0;
  for (const step of STEPS) {
    const { statements, transactions: tx, writes: sent } = m.perStep[step];
    total += median(statements);
    transactions += median(tx);
    writes += median(sent);
    lines.push(
      `| ${step} | ${median(statements)} | ${Math.min(...statements)}-${Math.max(...statements)} | ${median(tx)} |${postgres ? ` ${median(sent)} |` : ''}`,
    );
  }
  lines.push(`| **one booking** | **${total}** | | **${transactions}** |${postgres ? ` **${writes}** |` : ''}`, '');
  lines.push(
    postgres
      ? `Round trips to PostgreSQL per booking: ${writes}, counted as the socket writes the server made (postgres.js sends what is ready together). Each statement is one once its connection has prepared it (src/server/db/postgres-statements.ts: before, every statement with parameters took two, its types described first); a transaction's BEGIN goes out with its first statement (src/server/db/postgres-begin.ts: before, ${total + 2 * transactions}, a BEGIN and a COMMIT each a round trip), its COMMIT is one.`
      : `Round trips to the database per booking: about ${total + 2 * transactions} (each statement, plus a BEGIN and a COMMIT per transaction).`,
    '',
  );
  lines.push('<details><summary>The statements of one booking, in order</summary>', '');
  for (const step of STEPS) {
    lines.push(`### ${step}`, '', '```sql');
    for (const statement of m.sample[step]) lines.push(statement.length > 400 ? `${statement.slice(0, 400)} …` : statement);
    lines.push('```', '');
  }
  lines.push('</details>', '');
  return lines;
}

const sections: string[] = [];
{
  const c = counter();
  const handle = await openPglite(undefined, { onQuery: (query) => c.statements.push(query) });
  await handle.migrate();
  countTransactions(handle, c);
  sections.push(...report('Embedded PGlite', await measure(handle, c)));
  await handle.close();
}
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
try {
  const database = await createPostgresDatabase(baseUrl);
  const c = counter();
  const handle = await openPostgres(database.url, { onQuery: (query) => c.statements.push(query) });
  try {
    await handle.migrate();
    countTransactions(handle, c);
    const stopCounting = countSocketWrites(c);
    try {
      sections.push(...report('PostgreSQL', await measure(handle, c)));
    } finally {
      stopCounting();
    }
  } finally {
    await handle.close();
    await database.drop();
  }
} catch (error) {
  sections.push('## PostgreSQL', '', `Not measured: ${(error as Error).message}`, '');
}

const out = [
  '# Statements per booking (`npm run bench:statements`)',
  '',
  `Run on ${new Date().toISOString()}. ${BOOKINGS} guest bookings at ${SLUG}, each: create (an anonymous draft), no_account (the guest's details), validate, then every job due (the messages it sends). Counted through Drizzle's query log (every statement the server sends) and its transactions; the slots lookup before each booking is not counted.`,
  '',
  ...machineLines(),
  '',
  'Before the write path was trimmed (first run of this benchmark, 2026-11-27), one booking took 60 statements on PGlite and 63 on PostgreSQL: create 6 / 7, no_account 4 / 4, validate 28 / 30, message jobs 22 / 22 (PGlite / PostgreSQL), with the same 2 transactions. A second pass (session 14) took it from 37 / 41 to 28 / 31: one table guard instead of two (migration 0018), no savepoint around the insert (a reference clash writes nothing instead of failing), the validating diner\u2019s row reused by its messages and its answer, the diner\u2019s and the phone\u2019s limits counted in one statement, a batch of jobs marked done in one statement, and a merchant read once for all the messages of a batch. A third pass (session 21) took it to 23 / 26: a sent message is recorded by the statement that claims the next message of its batch, the last one at the batch\u2019s end (message jobs 11 / 12 to 8 / 9), and a guest taking a draft writes its diner row, the draft\u2019s owner and its bearer in one statement (no_account 4 to 2). `tests/api/booking-statements.test.ts` holds each call to its count below. Session 22 cut PostgreSQL\u2019s round trips per booking from 30 to 28 with the same statements: a transaction\u2019s BEGIN goes out with its first statement (`tests/proof/postgres-begin.test.ts` counts the writes). Session 23 took it to the counts below, 21 / 24 statements and 24 round trips on PostgreSQL: a booking’s messages, their send jobs and its other jobs are one statement (validate 9 / 10 to 8 / 9), a batch’s last message records go with the statement that marks its jobs done (message jobs 8 / 9 to 7 / 8), and statements that do not depend on each other are sent together (a create’s release of lapsed drafts and its read of the day’s holds, a validation’s closing and limits reads: 26 to 24 round trips). Session 24 took PGlite to 18: no advisory lock where transactions run one at a time, as on PGlite, where such a lock never waits (create 4 to 3, validate 8 to 6); on PostgreSQL the counts stay, but a create’s first statement reads its cached merchant’s row version, not the whole row.',
  '',
  ...sections,
].join('\n');
await writeFile(path.join(import.meta.dirname, 'results', 'write-statements.md'), `${out}\n`);
console.log(out.split('<details>')[0]);
