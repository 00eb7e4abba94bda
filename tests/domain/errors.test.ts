import { describe, test, expect } from 'vitest';
import { DomainError, httpStatusOf, isDomainError } from '../../src/server/domain/errors.ts';
import type { ErrorCode } from '../../src/shared/error-codes.ts';

describe('httpStatusOf', () => {
  test.each([
    ['not_found', 404],
    ['merchant_not_found', 404],
    ['booking_not_found', 404],
    ['validation_error', 400],
    ['invalid_merchant_definition', 400],
    ['unauthenticated', 401],
    ['booking_forbidden', 403],
    ['forbidden', 403],
    ['manage_key_invalid', 403],
    ['identity_proof_required', 403],
    ['identity_proof_invalid', 403],
    ['no_seats_available', 409],
    ['already_done', 409],
    ['canceled', 409],
    ['booking_time_passed', 409],
    ['booking_changed', 409],
    ['stale_revision', 409],
    ['invalid_transition', 409],
    ['outside_service_window', 409],
    ['user_booking_limit_reached', 409],
    ['phone_booking_limit_reached', 409],
    ['rate_limited', 429],
    ['internal_error', 500],
    ['booking_not_activated', 422],
    ['booking_setting_not_found', 422],
    ['booking_zone_not_exist', 422],
    ['error_min_seats', 422],
    ['error_max_seats', 422],
    ['max_clients_per_booking_exceeded', 422],
    ['last_minute_booking_not_allowed', 422],
    ['booking_too_far_ahead', 422],
    ['no_phone', 422],
    ['merchant_closed', 422],
    ['last_owner', 422],
    ['self_removal', 422],
    ['invalid_image', 422],
    ['image_too_large', 413],
    ['unsupported_image_format', 415],
  ] satisfies Array<[ErrorCode, number]>)('%s answers HTTP %i', (code, status) => {
    expect(httpStatusOf[code]).toBe(status);
  });

  test('every code has a status', () => {
    expect(Object.keys(httpStatusOf)).toHaveLength(38);
  });
});

describe('DomainError', () => {
  test('carries its code, details and message', () => {
    const error = new DomainError('error_min_seats', { min: 2 }, 'at least 2 guests');
    expect(error).toBeInstanceOf(Error);
    expect(isDomainError(error)).toBe(true);
    expect(error.name).toBe('DomainError');
    expect(error.code).toBe('error_min_seats');
    expect(error.details).toEqual({ min: 2 });
    expect(error.message).toBe('at least 2 guests');
  });

  test("may answer with another status than its code's own (a definition refused by a staff call: 422)", () => {
    expect(new DomainError('validation_error', { issues: [] }, 'slug: no', 422).status).toBe(422);
    expect(new DomainError('validation_error').status).toBeUndefined();
  });

  test('defaults its message to the code and has no details when none are given', () => {
    const error = new DomainError('canceled');
    expect(error.message).toBe('canceled');
    expect(error.details).toBeUndefined();
    expect(isDomainError(new Error('canceled'))).toBe(false);
  });
});
