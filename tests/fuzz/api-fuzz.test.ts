/**
 * Property-based fuzzing of every call of the API with arbitrary and hostile requests: no answer is ever a 5xx,
 * and the server still books afterwards. Replay a failure with FUZZ_SEED=<seed printed> (FUZZ_RUNS scales the runs).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { everyApiCall, registeredRoutes, type ApiCall } from '../support/api-calls.ts';
import { draftBooking } from '../support/draft-booking.ts';
import { ADMIN_TOKEN, startTestServer } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { uniqueSlug } from '../api/api-helpers.ts';
import { DEFAULT_DRAFT_LIMITS } from '../../src/server/routes/draft-limits.ts';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
// FUZZ_STATS=1 prints how each call answered, to see how deep the fuzzing reaches (how many got past validation).
const statuses = new Map<string, Map<number, number>>();

const t = useTestServer();
let calls: ApiCall[];
let diner: string;
let staff: string;

beforeAll(async () => {
  ({ bearer: diner } = await t.signIn());
  staff = (await t.post('/api/pro/auth/login', { email: 'claire@le-petit-zinc.example', password: 'zinc-comptoir-1952' })).body.access_token;
  const { token } = await draftBooking(t);
  calls = everyApiCall({ slug: 'le-petit-zinc', token, importSlug: uniqueSlug('fuzz') });
}, 60_000);
afterAll(async () => {
  if (process.env.FUZZ_STATS) {
    for (const [route, counts] of statuses) console.log(route.padEnd(48), JSON.stringify(Object.fromEntries([...counts].sort())));
  }
});

// ---- Hostile pieces ---------------------------------------------------------------------------------------

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83dz', '\udc00\ud800'];
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    ...LONE_SURROGATES,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202e\u200b',
    '__proto__',
    'constructor',
    'prototype',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'all',
    '1e400',
    '-1',
    '99999999999999999999',
    '2026-02-30',
    '2026-11-25T19:00:00+01:00',
    '00000000-0000-0000-0000-000000000000',
    'le-petit-zinc',
    'A'.repeat(64),
  ),
  // Huge: past every field's maximum, and sometimes past the body limit.
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)),
);
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'merchant_slug', 'token', 'lang', ''),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...LONE_SURROGATES),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 4_102_444_801, 1_795_000_000),
);
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileText,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
}));
/** Nesting deep enough to overflow any recursive walker, sometimes with a key that makes JSON parsers look closer. */
const deepNesting = fc
  .record({ depth: fc.integer({ min: 1_000, max: 60_000 }), key: fc.constantFrom('a', 'constructor', '__proto__') })
  .map(({ depth, key }) => `${`{"${key}":[`.repeat(depth)}1${']}'.repeat(depth)}`);

/** JSON text whose keys include the prototype's own names (JSON.stringify drops nothing, so they reach the parser). */
const toJson = (value: unknown) => JSON.stringify(value) ?? 'null';

/** A body as sent: content type and the raw text (undefined: no body). */
interface RawBody {
  contentType?: string;
  payload?: string;
}

const form = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return String(value);
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    // URLSearchParams writes a lone surrogate as U+FFFD; percent-encoded bytes below reach the parser as they are.
    params.append(key, typeof item === 'object' ? toJson(item) : String(item));
  }
  return params.toString();
};

type Path = Array<string | number>;

/** Every path of a document to a leaf or a container, so mutations reach nested fields (an address, a zone's table). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const children = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
  return [prefix, ...children.flatMap((key) => pathsOf((value as Record<string | number, unknown>)[key], [...prefix, key]))].filter((path) => path.length > 0);
}

function setAt(target: unknown, path: Path, value: unknown): void {
  let at = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
}

/** The sample body with one to three of its fields, at any depth, replaced by hostile values, and maybe hostile keys added. */
const mutatedSample = (sample: Record<string, unknown>) => {
  const paths = pathsOf(sample);
  if (paths.length === 0) return fc.dictionary(hostileKey, hostileValue, { maxKeys: 3 });
  return fc
    .record({
      changes: fc.array(fc.tuple(fc.constantFrom(...paths), hostileValue), { minLength: 1, maxLength: 3 }),
      extra: fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }),
    })
    .map(({ changes, extra }) => {
      const body = structuredClone(sample);
      // Shorter paths first, so a replaced container does not swallow a later change inside it.
      for (const [path, value] of [...changes].sort((a, b) => a[0].length - b[0].length)) {
        try {
          setAt(body, path, value);
        } catch {
          // The path went through a value an earlier change replaced by a non-object: that change stands.
        }
      }
      return Object.assign(body, extra);
    });
};

/** Text a hostile client slips into an otherwise good value. */
const hostileFragment = fc.oneof(
  { arbitrary: fc.constantFrom(...LONE_SURROGATES, '\u0000'), weight: 2 },
  fc.constantFrom(...LONE_SURROGATES, '\u0000', '\u0007', '\u202e', '\ufeff', '\uffff', '🍝', '\r\n', '"', "'", '\\', '<', '%', '${x}'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
  fc.integer({ min: 1_000, max: 100_000 }).map((length) => 'é'.repeat(length)),
);

/** The sample body with one or two of its text fields, at any depth, changed by a hostile fragment: otherwise still good. */
const tweakedSample = (sample: Record<string, unknown>) => {
  const texts = pathsOf(sample).filter((path) => {
    let at: unknown = sample;
    for (const key of path) at = (at as Record<string | number, unknown>)[key];
    return typeof at === 'string';
  });
  if (texts.length === 0) return fc.constant(sample);
  return fc
    .array(fc.tuple(fc.constantFrom(...texts), hostileFragment, fc.constantFrom('before', 'after', 'instead')), { minLength: 1, maxLength: 2 })
    .map((changes) => {
      const body = structuredClone(sample);
      for (const [path, fragment, place] of changes) {
        let at: unknown = body;
        for (const key of path) at = (at as Record<string | number, unknown>)[key];
        setAt(body, path, place === 'before' ? fragment + at : place === 'after' ? at + fragment : fragment);
      }
      return body;
    });
};

const bodyFor = (call: ApiCall): fc.Arbitrary<RawBody> => {
  const sample = call.body ?? {};
  return fc.oneof(
    { arbitrary: tweakedSample(sample).map((body) => ({ contentType: 'application/json', payload: toJson(body) })), weight: 4 },
    // The good request itself now and then, so the calls that change things (create, cancel, import...) do change them.
    fc.constant({ contentType: 'application/json', payload: toJson(sample) }),
    mutatedSample(sample).map((body) => ({ contentType: 'application/json', payload: toJson(body) })),
    hostileValue.map((body) => ({ contentType: 'application/json', payload: toJson(body) })),
    mutatedSample(sample).map((body) => ({ contentType: 'application/x-www-form-urlencoded', payload: form(body) })),
    fc.constantFrom<RawBody>(
      {},
      { contentType: 'application/json', payload: '' },
      { contentType: 'application/json', payload: '{' },
      { contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
      { contentType: 'application/json', payload: '{"constructor":{"prototype":{"admin":true}}}' },
      { contentType: 'application/json', payload: '"\\ud800"' },
      { contentType: 'application/json', payload: '{"merchant_slug":"\\udfff"}' },
      { contentType: 'application/json; charset=utf-16', payload: '{}' },
      { contentType: 'application/x-www-form-urlencoded', payload: 'token=%ED%A0%80&merchant_slug=%FF%FE&__proto__=x' },
      { contentType: 'text/plain', payload: 'merchant_slug=le-petit-zinc' },
      { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--' },
      { contentType: 'application/xml', payload: '<a/>' },
      { contentType: 'application/octet-stream', payload: '\u0000\u0001' },
      { contentType: '', payload: '{}' },
      { contentType: 'application/json', payload: `[${'1,'.repeat(60_000)}1]` },
    ),
    fc.record({ contentType: fc.constant('application/json'), payload: deepNesting }),
    fc.record({ contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), payload: hostileText }),
  );
};

/** Who the request says it is. */
const authorization = (call: ApiCall) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constant(
        call.caller === 'admin' ? `Bearer ${ADMIN_TOKEN}` : call.caller === 'diner' ? 'DINER' : call.caller === 'staff' ? 'STAFF' : undefined,
      ),
    },
    fc.constantFrom(
      undefined,
      'DINER',
      'STAFF',
      `Bearer ${ADMIN_TOKEN}`,
      'Bearer ',
      'Bearer x',
      `Bearer ${'A'.repeat(600)}`,
      'Basic Y291dmVydC13ZWI6',
      'Basic %%%',
      'Bearer \u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9',
    ),
  );

/** Headers a client chooses freely: the site's device id, a forged forwarding chain, languages, cookies. */
const hostileHeaders = fc.dictionary(
  fc.constantFrom('x-couvert-device', 'x-forwarded-for', 'accept-language', 'cookie', 'origin', 'x-forwarded-host'),
  fc.oneof(
    fc.constantFrom('A'.repeat(16), 'A'.repeat(65), '../../x', '1.2.3.4, 5.6.7.8', '::1', 'not an address', 'fr-FR,en;q=0.5', '*;q=x', 'couvert_login_state=x'),
    fc.string({ maxLength: 30 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
    fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'a'.repeat(length)),
  ),
  { maxKeys: 3 },
);

/** A path or query piece as a client may send it: percent-encoded text, or raw bytes that are not UTF-8. */
const urlPiece = fc.oneof(
  hostileText.filter((text) => text.isWellFormed() && text.length < 2_000).map(encodeURIComponent),
  fc.constantFrom('%ED%A0%80', '%FF', '%', '%2', '..', '%2e%2e', '%00', '', 'a/b', '?x=1', '#'),
);

/** The call's URL, with its path parameters and query sometimes replaced. */
const urlFor = (call: ApiCall): fc.Arbitrary<string> => {
  const [route, routeQuery] = [call.route.split(' ')[1]!, call.url.split('?')[1]];
  const parameters = route.split('/').filter((segment) => segment.startsWith(':'));
  return fc
    .record({
      segments: fc.array(fc.option(urlPiece, { nil: undefined }), { minLength: parameters.length, maxLength: parameters.length }),
      query: fc.option(
        fc.array(fc.tuple(fc.oneof(fc.constantFrom('lang', 'token', 'download', 'redirect', 'userToken', 'baseDir'), urlPiece), urlPiece), { maxLength: 3 }),
        { nil: undefined },
      ),
    })
    .map(({ segments, query }) => {
      let url = call.url.split('?')[0]!;
      if (parameters.length > 0) {
        const sample = url.split('/');
        const template = route.split('/');
        let next = 0;
        url = template.map((segment, index) => (segment.startsWith(':') ? (segments[next++] ?? sample[index]) : segment)).join('/');
      }
      const pairs = query ? query.map(([key, value]) => `${key}=${value}`).join('&') : routeQuery;
      return pairs ? `${url}?${pairs}` : url;
    });
};

async function send(route: string, method: string, url: string, auth: string | undefined, body: RawBody, extra: Record<string, string> = {}, server = t) {
  const headers: Record<string, string> = { ...extra };
  if (auth) headers.authorization = auth === 'DINER' ? `Bearer ${diner}` : auth === 'STAFF' ? `Bearer ${staff}` : auth;
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers };
  if (body.payload !== undefined && method !== 'GET') options.payload = body.payload;
  const response = await server.server.app.inject(options);
  const counts = statuses.get(route) ?? new Map<number, number>();
  counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
  statuses.set(route, counts);
  return response;
}

/** More runs for calls with more to get wrong: one more share for every ten text fields of the sample (a merchant definition has about fifty). */
const runsFor = (call: ApiCall) => RUNS * Math.max(1, Math.ceil(JSON.stringify(call.body ?? {}).split('":"').length / 10));

const where = (index: number) => `FUZZ_SEED=${SEED} (this call's seed ${SEED + index}, FUZZ_RUNS=${RUNS})`;

describe('every call of the API answers arbitrary and hostile requests without a 5xx', () => {
  test('the fuzzed calls are every route the server registers', () => {
    expect([...new Set(calls.map((call) => call.route))].sort()).toEqual(registeredRoutes(t.server.app));
  });

  // Read at collection time: the list's shape does not depend on the samples' values.
  const routes = everyApiCall({ slug: 's', token: 't', importSlug: 'i' }).map((call) => call.route);
  test.each(routes.map((route, index) => [route, index] as const))(
    '%s',
    async (route, index) => {
      const call = calls.find((candidate) => candidate.route === route)!;
      const methods =
        call.method === 'GET' ? fc.constant('GET') : fc.oneof({ arbitrary: fc.constant(call.method), weight: 8 }, fc.constantFrom('GET', 'DELETE', 'PATCH'));
      const property = fc.asyncProperty(methods, urlFor(call), authorization(call), bodyFor(call), hostileHeaders, async (method, url, auth, body, headers) => {
        const response = await send(route, method, url, auth, body, headers);
        if (response.statusCode >= 500) {
          throw new Error(`${method} ${url.slice(0, 200)} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        }
      });
      try {
        await fc.assert(property, { seed: SEED + index, numRuns: runsFor(call) });
      } catch (error) {
        throw new Error(`${where(index)}\n${(error as Error).message}`, { cause: error });
      }
    },
    60_000,
  );

  test('methods and paths that are no call at all', async () => {
    const property = fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      fc.array(urlPiece, { minLength: 1, maxLength: 4 }),
      fc.constantFrom('/api/', '/api/booking/', '/api/admin/', '/', '/oauth/', '/auth/', '/media/', '/app/'),
      async (method, segments, prefix) => {
        const url = prefix + segments.join('/');
        const response = await t.server.app.inject({ method: method as InjectOptions['method'], url });
        if (response.statusCode >= 500) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      },
    );
    try {
      await fc.assert(property, { seed: SEED, numRuns: RUNS * 3 });
    } catch (error) {
      throw new Error(`${where(0)}\n${(error as Error).message}`, { cause: error });
    }
  }, 60_000);
});

describe('with the draft limits of a real server on', () => {
  test('creating drafts with hostile bodies, devices and forwarding headers answers 4xx (429 included), never a 5xx', async () => {
    const limited = await startTestServer({ limits: { drafts: DEFAULT_DRAFT_LIMITS } });
    try {
      const call = calls.find((candidate) => candidate.route === 'POST /api/booking/create')!;
      const property = fc.asyncProperty(bodyFor(call), hostileHeaders, async (body, headers) => {
        const response = await send('POST /api/booking/create (limited)', 'POST', call.url, undefined, body, headers, limited);
        if (response.statusCode >= 500) throw new Error(`create answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      });
      await fc.assert(property, { seed: SEED, numRuns: RUNS * 2 }).catch((error: Error) => {
        throw new Error(`${where(0)}\n${error.message}`, { cause: error });
      });
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('after the fuzzing, the server still books', () => {
  test('a diner creates a draft and validates it', async () => {
    const { bearer } = await t.signIn();
    const { token, slug } = await draftBooking(t, 'le-petit-zinc', bearer);
    const validated = await t.post('/api/booking/validate', { merchant_slug: slug, token }, { bearer });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body.booking.token).toBe(token);
  });
});
