/** Minimal structured logger the realtime module writes to; a Fastify/pino logger fits as is. */
export type RealtimeLogger = {
  debug?(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** Logger used when none is given: warnings and errors go to stderr, debug is dropped. */
export const consoleRealtimeLogger: RealtimeLogger = {
  warn: (obj, msg) => console.warn(`[realtime] ${msg ?? ''}`, obj),
  error: (obj, msg) => console.error(`[realtime] ${msg ?? ''}`, obj),
};

/** Logger that discards everything (tests, benchmarks). */
export const silentRealtimeLogger: RealtimeLogger = {
  warn: () => {},
  error: () => {},
};
