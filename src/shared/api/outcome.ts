/** What a browser's call of the API came to: done, or failed with a code of the catalogue, or no answer at all. */
import type { ErrorCode } from '../error-codes.ts';

/** Why a call failed: an error_code of the server's catalogue, no network, or no answer in time. */
export type FailureCode = ErrorCode | 'network_error' | 'timeout';

/** A failed call as forms show it: the code and, when the server gave them, the first field and reason, and when to retry. */
export interface Failure {
  ok: false;
  code: FailureCode;
  field?: string;
  reason?: string;
  retryAfter?: number;
}

/** The outcome of a call: `{ ok: true }` with what it gives (`T`), or a Failure. */
export type Outcome<T extends object = object> = ({ ok: true } & T) | Failure;
