/** The server's typed failures and their HTTP statuses (the codes themselves are in src/shared/error-codes.ts). */
import type { ErrorCode } from '../../shared/error-codes.ts';

/** HTTP status for each error code. */
export const httpStatusOf: Record<ErrorCode, number> = {
  not_found: 404,
  merchant_not_found: 404,
  booking_not_found: 404,
  validation_error: 400,
  invalid_merchant_definition: 400,
  unauthenticated: 401,
  booking_forbidden: 403,
  forbidden: 403,
  manage_key_invalid: 403,
  identity_proof_required: 403,
  identity_proof_invalid: 403,
  no_seats_available: 409,
  already_done: 409,
  canceled: 409,
  booking_time_passed: 409,
  booking_changed: 409,
  stale_revision: 409,
  invalid_transition: 409,
  outside_service_window: 409,
  user_booking_limit_reached: 409,
  phone_booking_limit_reached: 409,
  rate_limited: 429,
  internal_error: 500,
  booking_not_activated: 422,
  booking_setting_not_found: 422,
  booking_zone_not_exist: 422,
  error_min_seats: 422,
  error_max_seats: 422,
  max_clients_per_booking_exceeded: 422,
  last_minute_booking_not_allowed: 422,
  booking_too_far_ahead: 422,
  no_phone: 422,
  merchant_closed: 422,
  last_owner: 422,
  self_removal: 422,
  invalid_image: 422,
  image_too_large: 413,
  unsupported_image_format: 415,
};

/** A failure the client can act on, named by the spec's error_code. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  /** The HTTP status when not the code's own (a definition refused by a staff call: 422 validation_error). */
  readonly status?: number;

  constructor(code: ErrorCode, details?: Record<string, unknown>, message?: string, status?: number) {
    super(message ?? code);
    this.name = 'DomainError';
    this.code = code;
    if (details !== undefined) this.details = details;
    if (status !== undefined) this.status = status;
  }
}

/** Whether a value is a DomainError. */
export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
