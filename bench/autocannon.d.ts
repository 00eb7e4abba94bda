/** The part of autocannon 9 the benches use (the package ships no types). */
declare module 'autocannon' {
  /** One request of a sequence; each connection runs the sequence in a loop. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Fills the request in; returning a falsy value skips the rest of the sequence for this round. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  /** What to load and how hard. */
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }

  /** A histogram summary; latencies are in milliseconds. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  /** The summary of one run. */
  export interface Result {
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    connections: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
  }

  /** Runs the load and resolves with its summary. */
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
