import { afterAll, describe, expect, test } from 'vitest';
import { formatLogLine, prettyLog } from '../../src/server/log-format.ts';
import { cleanUp, startServer, tempFolder } from './processes.ts';

afterAll(cleanUp, 30_000);

/** A start that imports the demo restaurants (their staff accounts are logged) and serves no site, with `extra`. */
async function startOutput(extra: Record<string, string>): Promise<string> {
  const work = await tempFolder('log-format');
  const server = await startServer({ DATA_DIR: `${work}/data`, SITE_DIR: `${work}/site`, BUILD_SITE: 'never', IMPORT_DEMO: 'auto', ...extra }, 90_000);
  const output = server.stdout();
  await server.stop('SIGINT', 10_000);
  return output;
}

describe('the server log around the start banner', () => {
  test.each([
    { format: 'auto', tty: true, pretty: true },
    { format: 'auto', tty: false, pretty: false },
    { format: 'auto', tty: undefined, pretty: false },
    { format: 'json', tty: true, pretty: false },
    { format: 'pretty', tty: false, pretty: true },
  ] as const)('LOG_FORMAT=$format on a terminal: $tty is readable: $pretty', ({ format, tty, pretty }) => {
    expect(prettyLog(format, tty)).toBe(pretty);
  });

  test('a JSON line reads as time, level and message, its other fields after it, an error with its stack', () => {
    const time = new Date(2026, 10, 26, 12, 4, 5).getTime();
    expect(formatLogLine(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'imported demo merchants: a, b' }))).toBe(
      '12:04:05 INFO  imported demo merchants: a, b\n',
    );
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'slow', channel: 'x', n: 2 }))).toBe('12:04:05 WARN  slow  channel=x n=2\n');
    expect(formatLogLine(JSON.stringify({ level: 50, time, msg: 'failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } }))).toBe(
      '12:04:05 ERROR failed\nError: boom\n    at x\n',
    );
    expect(formatLogLine('not json')).toBe('not json\n');
  });

  test('readable (LOG_FORMAT=pretty, as on a terminal): no JSON line among the banner, the demo staff accounts legible', async () => {
    const output = await startOutput({ LOG_FORMAT: 'pretty' });
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    expect(output).toMatch(/^\d\d:\d\d:\d\d INFO {2}\s+le-petit-zinc: claire@le-petit-zinc\.example \/ zinc-comptoir-1952$/m);
    expect(output).toContain('Couvert is running on');
  }, 120_000);

  test('piped (the default when stdout is no terminal): JSON lines a machine reads', async () => {
    const output = await startOutput({});
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string });
    expect(logged.map((entry) => entry.msg)).toContain('  le-petit-zinc: claire@le-petit-zinc.example / zinc-comptoir-1952');
  }, 120_000);
});
