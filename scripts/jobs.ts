/**
 * `npm run jobs -- list [STATE] | retry ID`: the scheduler's jobs. With a server running on this data folder it goes
 * through that server's local admin socket (PGlite is one process's database); otherwise it opens the database itself.
 */
import { request } from 'node:http';
import { loadConfig } from '../src/server/config.ts';
import { lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { findJob, listJobs, retryJob, type JobRow, type JobState } from '../src/server/db/job-store.ts';
import { runCli, throughServerOrDirect } from './admin-cli.ts';

const usage = 'usage: npm run jobs -- list [pending|running|done|failed] | retry ID';
const STATES: readonly JobState[] = ['pending', 'running', 'done', 'failed'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job as both ways read it. */
interface JobLine {
  id: string;
  kind: string;
  state: string;
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

const lineOf = (job: JobRow): JobLine => ({ ...job, runAt: job.runAt.toISOString() });

/** Prints jobs one a line, each failed one followed by the first line of its error. */
function printJobs(jobs: JobLine[]): void {
  if (jobs.length === 0) console.log('no jobs');
  for (const job of jobs) {
    console.log(`${job.id}  ${job.state.padEnd(7)}  ${job.kind.padEnd(20)}  ${job.runAt}  attempts ${job.attempts}/${job.maxAttempts}`);
    if (job.lastError) console.log(`    ${job.lastError.split('\n')[0]}`);
  }
}

/** One call to the running server's local admin socket. */
function callServer(socketPath: string, method: string, urlPath: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path: urlPath, headers: method === 'POST' ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

async function viaServer(socketPath: string, command: string, arg: string | undefined): Promise<number> {
  if (command === 'list') {
    const reply = await callServer(socketPath, 'GET', `/api/admin/jobs${arg ? `?state=${arg}` : ''}`);
    printJobs(reply.body.jobs as JobLine[]);
    return 0;
  }
  const reply = await callServer(socketPath, 'POST', `/api/admin/jobs/${arg}/retry`);
  if (!reply.body.success) {
    console.error(String(reply.body.message ?? reply.body.error_code));
    return 1;
  }
  console.log(`job ${arg} is due now`);
  return 0;
}

async function direct(command: string, arg: string | undefined): Promise<number> {
  const config = loadConfig();
  const release = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === 'list') {
      printJobs((await listJobs(database.db, { state: arg as JobState | undefined })).map(lineOf));
      return 0;
    }
    const job = await retryJob(database.db, arg!, new Date());
    if (!job) {
      const existing = await findJob(database.db, arg!);
      console.error(existing ? `Job ${arg} is ${existing.state}: only a failed or pending job is retried` : `No job ${arg}`);
      return 1;
    }
    // A server on a shared PostgreSQL finds it at its next look for due jobs.
    console.log(`job ${arg} is due now`);
    return 0;
  } finally {
    await database.close();
    await release();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, arg, ...rest] = argv;
  const valid =
    rest.length === 0 &&
    ((command === 'list' && (arg === undefined || STATES.includes(arg as JobState))) || (command === 'retry' && arg !== undefined && UUID.test(arg)));
  if (!valid) {
    console.error(usage);
    return 2;
  }
  return throughServerOrDirect(
    (socketPath) => viaServer(socketPath, command, arg),
    () => direct(command, arg),
  );
}

runCli(main);
