/** The API's error catalogue: every error_code the server answers with, so the browser reads the same names. */

/** Every error_code the API can answer with (spec section 8, plus the API's own). */
export const ERROR_CODES = [
  'merchant_not_found',
  'booking_not_activated',
  'booking_setting_not_found',
  'booking_zone_not_exist',
  'no_seats_available',
  'user_booking_limit_reached',
  'phone_booking_limit_reached',
  'error_min_seats',
  'error_max_seats',
  'max_clients_per_booking_exceeded',
  'last_minute_booking_not_allowed',
  'booking_too_far_ahead',
  'already_done',
  'canceled',
  'booking_time_passed',
  'booking_changed',
  'no_phone',
  'booking_not_found',
  'booking_forbidden',
  'manage_key_invalid',
  'identity_proof_required',
  'identity_proof_invalid',
  'merchant_closed',
  'invalid_transition',
  'outside_service_window',
  'validation_error',
  'unauthenticated',
  'not_found',
  'rate_limited',
  'internal_error',
  'invalid_merchant_definition',
  'forbidden',
  'stale_revision',
  'last_owner',
  'self_removal',
  'invalid_image',
  'image_too_large',
  'unsupported_image_format',
] as const;

/** One error_code of the API's catalogue. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Whether a value is an error_code of this build's catalogue (a newer server may send others). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
