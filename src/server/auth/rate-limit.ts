/** Rate limits (fixed windows): in memory for one process, or shared through Redis when REDIS_URL is set. */
import { Redis } from 'ioredis';

/** How many attempts a key may make per window. */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/** The answer to one attempt. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Attempts left in this window after this one. */
  remaining: number;
  /** Seconds until the window ends (what Retry-After says when refused). */
  retryAfterSeconds: number;
}

/** Counts attempts per key; one interface whatever stores the counts. */
export interface RateLimiter {
  /** Counts an attempt of `key` and says whether it is within `policy`. */
  hit(key: string, policy: RateLimitPolicy): Promise<RateLimitDecision>;
  /** Forgets a key (a successful sign-in, say). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const decide = (count: number, policy: RateLimitPolicy, msLeft: number): RateLimitDecision => ({
  allowed: count <= policy.limit,
  remaining: Math.max(0, policy.limit - count),
  retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
});

/** A limiter kept in this process's memory; `now` lets tests move time. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let lastSweep = now();
  return {
    async hit(key, policy) {
      const at = now();
      // Forget finished windows now and then, so the map does not grow with every address ever seen.
      if (at - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
        lastSweep = at;
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + policy.windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return decide(window.count, policy, window.endsAt - at);
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// Count and start the window in one step, so concurrent servers never lose an attempt.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** A limiter whose counts live in Redis, shared by every server process. */
export function createRedisRateLimiter(redisUrl: string, { prefix = 'couvert:rate:' } = {}): RateLimiter {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  return {
    async hit(key, policy) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(policy.windowSeconds * 1000))) as [number, number];
      return decide(count, policy, ttl);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Counts one attempt against every key; the seconds to wait when any of them is over its limit. */
export async function hitAll(limiter: RateLimiter, hits: Array<[key: string, policy: RateLimitPolicy]>): Promise<number | undefined> {
  let wait: number | undefined;
  for (const [key, policy] of hits) {
    const decision = await limiter.hit(key, policy);
    if (!decision.allowed) wait = Math.max(wait ?? 0, decision.retryAfterSeconds);
  }
  return wait;
}
