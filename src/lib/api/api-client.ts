/** fetch for the API: 10 s timeout, JSON (or form) body, the stored bearer, and one error type for every failure. */
import { buildApiUrl } from '../platform/build-env.ts';
import { DEVICE_HEADER, deviceId } from './device-id.ts';
import { reportApiReachability } from '../platform/network-status.ts';
import { getBearer } from '../platform/storage.ts';
import { isErrorCode } from '../../shared/error-codes.ts';
import type { FailureCode } from '../../shared/api/outcome.ts';

/** The HTTP timeout of spec section 9. */
export const API_TIMEOUT_MS = 10_000;

/** A failed call: HTTP status (0 when no answer came), its failure code, what the answer named it, and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  /** The failure as the browser reads it: a code of the server's catalogue, network_error or timeout. */
  readonly code: FailureCode;
  /** The code as the answer gave it: an error_code, an OAuth error or http_<status> (for messages and logs). */
  readonly wireCode: string;
  readonly body: unknown;

  constructor(status: number, wireCode: string, body: unknown, message?: string) {
    super(message ?? `${wireCode} (HTTP ${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.wireCode = wireCode;
    this.code = failureCodeFromWire(status, wireCode);
    this.body = body;
  }
}

// The OAuth errors of /oauth/token (RFC 6749 5.2) are not the catalogue's: each is read as the catalogue's nearest code.
const OAUTH_FAILURES: Readonly<Record<string, FailureCode>> = {
  // A wrong email or password, or a refresh token that is over.
  invalid_grant: 'unauthenticated',
  invalid_request: 'validation_error',
  unsupported_grant_type: 'validation_error',
  // The site's own client credentials: nothing the diner can change.
  invalid_client: 'internal_error',
};

// An answer without a code (a proxy's page, an empty body) is read by its status.
const STATUS_FAILURES: Readonly<Record<number, FailureCode>> = { 401: 'unauthenticated', 404: 'not_found', 429: 'rate_limited' };

/** The FailureCode of what an answer named its failure; a code this build does not know is internal_error. */
function failureCodeFromWire(status: number, wireCode: string): FailureCode {
  if (isErrorCode(wireCode) || wireCode === 'network_error' || wireCode === 'timeout') return wireCode;
  const oauth = OAUTH_FAILURES[wireCode];
  if (oauth) return oauth;
  if (wireCode === `http_${status}`) return STATUS_FAILURES[status] ?? 'internal_error';
  return 'internal_error';
}

/** The FailureCode of a call's error: its catalogue code, no network or no answer in time; an answer this build cannot read is internal_error. */
export function failureCodeOf(error: unknown): FailureCode {
  return isApiError(error) ? error.code : 'network_error';
}

/** Whether a value is an ApiError. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

// Same origin by default: '' makes '/api/...' relative to the page.
let baseUrl = (buildApiUrl() ?? '').replace(/\/+$/, '');

/** The API's base URL ('' for the site's own origin). */
export function apiBaseUrl(): string {
  return baseUrl;
}

/** Points every call at another API origin (tests and embedding hosts). */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

/** The full address of an API path ('api/x' and '/api/x' are the same). */
export function apiUrl(path: string): string {
  return `${baseUrl}/${path.replace(/^\/+/, '')}`;
}

/** How one call is made. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is, with its own Content-Type (an uploaded image). */
  raw?: Blob;
  /** Sent as application/x-www-form-urlencoded (the OAuth token endpoint). */
  form?: Record<string, string>;
  /** Overrides the stored bearer; null sends none. */
  bearer?: string | null;
  timeoutMs?: number;
}

function wireCodeOf(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error_code: errorCode, error } = body as { error_code?: unknown; error?: unknown };
    if (typeof errorCode === 'string' && errorCode) return errorCode;
    if (typeof error === 'string' && error) return error;
  }
  return `http_${status}`;
}

/** Sends one API call and returns its pending response; the network's own failures reject it (see readApiAnswer). */
export function sendApiRequest(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { method = options.json !== undefined || options.form || options.raw ? 'POST' : 'GET', json, form, raw, timeoutMs = API_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { accept: 'application/json', [DEVICE_HEADER]: deviceId() };
  const bearer = options.bearer === undefined ? getBearer() : options.bearer;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let body: string | Blob | undefined;
  if (raw) {
    headers['content-type'] = raw.type || 'application/octet-stream';
    body = raw;
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  } else if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (method === 'POST') {
    headers['content-type'] = 'application/json';
    body = '{}';
  }
  return fetch(apiUrl(path), { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
}

/** The parsed JSON of a call sent by sendApiRequest; throws ApiError on a network failure, a timeout, a non-2xx or success: false. */
export async function readApiAnswer<T>(sent: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    if (error instanceof TypeError) reportApiReachability(false);
    throw new ApiError(0, timedOut ? 'timeout' : 'network_error', null, error instanceof Error ? error.message : String(error));
  }
  reportApiReachability(true);

  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  const failed = !response.ok || (parsed !== null && typeof parsed === 'object' && (parsed as { success?: unknown }).success === false);
  if (failed) {
    const message = parsed && typeof parsed === 'object' ? (parsed as { message?: unknown }).message : undefined;
    throw new ApiError(response.status, wireCodeOf(response.status, parsed), parsed, typeof message === 'string' ? message : undefined);
  }
  return parsed as T;
}

/** Calls the API and returns the parsed JSON; throws ApiError on a network failure, a timeout, a non-2xx or success: false. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return readApiAnswer<T>(sendApiRequest(path, options));
}

/** GETs an API path. */
export function apiGet<T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'json' | 'form'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}

/** POSTs JSON to an API path. */
export function apiPost<T>(path: string, json: unknown = {}, options: Omit<ApiRequestOptions, 'method' | 'json'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'POST', json });
}

/** DELETEs an API path. */
export function apiDelete<T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'json' | 'form'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'DELETE' });
}
