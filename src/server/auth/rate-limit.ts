/**
 * Rate limits on @fastify/rate-limit's stores (fixed windows, in this process's memory or shared through Redis
 * when REDIS_URL is set). Routes check several limits with keys read from the parsed body, and count some
 * attempts only when they fail, so they call the plugin's `createRateLimit` counters themselves instead of its
 * route hook (which runs one limit per request, before the outcome is known).
 */
import { createRequire } from 'node:module';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => FastifyRateLimitStore;
// The plugin's own Redis store (its Lua scripts), which it does not export.
const PluginRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;

/**
 * The plugin's Redis store under one prefix for every counter. Its own `child` prefixes each counter with its route's
 * method and URL, which `createRateLimit` counters have not: their keys read `{prefix}undefinedundefined-{key}`. Our
 * keys start with the limit's name, so a counter needs no prefix of its own; a route's hook (none today) keeps one.
 */
function sharedRedisStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const root = new PluginRedisStore(false, false, redis, nameSpace);
  const shared: FastifyRateLimitStore = Object.create(root) as FastifyRateLimitStore;
  shared.child = (options) => ((options as { routeInfo?: { method?: string } }).routeInfo?.method ? root.child(options) : shared);
  return class SharedRedisStore {
    constructor() {
      return shared;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** How many attempts a key may make per window. */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/** One named limit: counts the attempts of the key `keyOf` gives a request. */
export interface RateLimit {
  /** Counts an attempt; the seconds to wait when the key is over its limit, else undefined. */
  hit(request: FastifyRequest): Promise<number | undefined>;
  /** The attempts counted in the current window, without counting one. */
  count(request: FastifyRequest): Promise<number>;
}

// Keys are the limit's name and a short value (addresses, hashes, ids): a bot making up keys evicts only old ones.
const MEMORY_KEYS = 100_000;

/** Registers @fastify/rate-limit without a global limit; with `redisUrl` the counts live in Redis, shared by every process. */
export async function registerRateLimits(app: FastifyInstance, { redisUrl, nameSpace = 'couvert-rate:' }: { redisUrl?: string; nameSpace?: string } = {}) {
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  // A Redis outage lets requests through (logged) rather than turning every booking into an error.
  redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store unreachable: requests are let through'));
  const store = redis ? { store: sharedRedisStore(redis, nameSpace) } : {};
  await app.register(fastifyRateLimit, { global: false, redis, nameSpace, skipOnError: true, cache: MEMORY_KEYS, ...store });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
}

/** A limit named `name` (its keys' prefix) of `policy`, on the key `keyOf` reads from a request. */
export function rateLimit(
  app: FastifyInstance,
  name: string,
  policy: RateLimitPolicy,
  keyOf: (request: FastifyRequest) => string | Promise<string>,
): RateLimit {
  const counter = app.createRateLimit({
    max: policy.limit,
    timeWindow: policy.windowSeconds * 1000,
    keyGenerator: async (request) => `${name}:${await keyOf(request)}`,
    // The plugin gives each counter its own in-memory store; this sizes it.
    ...({ cache: MEMORY_KEYS } as object),
  });
  return {
    async hit(request) {
      const outcome = await counter(request);
      return !outcome.isAllowed && outcome.isExceeded ? Math.max(1, outcome.ttlInSeconds) : undefined;
    },
    async count(request) {
      const outcome = await counter(request, { increment: false });
      return outcome.isAllowed ? 0 : outcome.max - outcome.remaining;
    },
  };
}

/**
 * Counts one attempt against each limit in turn and stops at the first one over it: an attempt refused by a
 * narrow limit (a device) does not use up a wider one (its address, the evening), which others share.
 * Answers the seconds to wait, or undefined when every limit allowed it.
 */
export async function hitAll(request: FastifyRequest, limits: RateLimit[]): Promise<number | undefined> {
  for (const limit of limits) {
    const wait = await limit.hit(request);
    if (wait !== undefined) return wait;
  }
  return undefined;
}

/** A request's client address as limits count it: IPv4 as is, IPv6 by its /64 (one subscriber's usual share). */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip, 64);

/** Answers 429 with Retry-After in the API's envelope. */
export function sendRateLimited(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({
      success: false,
      error_code: 'rate_limited',
      message: `Too many attempts: try again in ${retryAfterSeconds} seconds.`,
      retry_after: retryAfterSeconds,
    });
}
