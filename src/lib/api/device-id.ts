/** This browser's device id: random, kept in localStorage, sent with every API call so limits can tell devices apart. */
import { readLocal, writeLocal } from '../platform/storage.ts';

/** The storage key of the device id (not one of the spec's keys: the API's own). */
export const DEVICE_ID_KEY = 'couvert_device';
/** The request header that carries it. */
export const DEVICE_HEADER = 'X-Couvert-Device';

const VALID = /^[A-Za-z0-9_-]{16,64}$/;

/** The stored device id, made on first use (22 URL-safe characters of 128 random bits). */
export function deviceId(): string {
  const stored = readLocal(DEVICE_ID_KEY);
  if (stored && VALID.test(stored)) return stored;
  // getRandomValues works on plain http too, where randomUUID does not.
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const id = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  writeLocal(DEVICE_ID_KEY, id);
  return id;
}
