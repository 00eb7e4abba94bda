/**
 * The server log on a terminal: pino's JSON lines turned into one readable line each ("12:04:05 INFO  message"),
 * so they read like the start banner around them; piped or redirected, the log stays JSON for machines.
 */

/** How the log is written: `auto` is `pretty` on a terminal and `json` otherwise. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** Whether the log is written readable (a terminal, or asked for) rather than JSON. */
export function prettyLog(format: LogFormat, isTTY: boolean | undefined): boolean {
  return format === 'pretty' || (format === 'auto' && isTTY === true);
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// pino's own fields, shown by the line's head; anything else is printed after the message as key=value.
const OWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'v']);

/** One readable line (and an error's stack under it) for one pino JSON line; a line that is not JSON is kept as it is. */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const extras = Object.entries(entry)
    .filter(([key]) => !OWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' ? `\n${err.stack}` : typeof err?.message === 'string' ? ` ${err.message}` : '';
  return `${time} ${level} ${String(entry.msg ?? '')}${extras.length > 0 ? `  ${extras.join(' ')}` : ''}${stack}\n`;
}

/** A pino destination that writes each line readable to `out`. */
export function prettyLogStream(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(line) {
      out.write(formatLogLine(line));
    },
  };
}
