/** The envelope every API answer shares: success or a failure from the error catalogue, and images. */
import type { ErrorCode } from '../error-codes.ts';

/** An image the API points at: a site path (/media/...) or an https URL. */
export interface ApiImage {
  path: string;
}

/** Every successful answer of the booking and account calls carries success: true. */
export interface ApiSuccess {
  success: true;
}

/** A failed answer: the error_code names the failure (section 8); validation failures add per-field messages. */
export interface ApiFailureBody {
  success: false;
  /** One code of the server's catalogue (a newer server may add codes: the browser reads those as internal_error). */
  error_code: ErrorCode;
  message?: string;
  /** Per-field messages, e.g. { email: ['Invalid email'] }: the first one of each is shown. */
  errors?: Record<string, string[]>;
  /** Some failures add details, e.g. the merchant phone or min / max seats. */
  [detail: string]: unknown;
}

/** An OAuth 2.0 error (RFC 6749) as /oauth/token answers it. */
export interface OAuthErrorBody {
  error: string;
  error_description?: string;
}

/** GET /api/server_time. */
export interface ServerTimeResponse extends ApiSuccess {
  /** Unix seconds. */
  time: number;
}
