import Redis from 'ioredis';

/**
 * A test run's own key prefix: the family (sltest integration, sle2e Playwright, sldev the dev
 * loop's test) and the run's id, perhaps with a suffix of a process a suite started beside the
 * system (`sltest-<run>-static`). No glob characters, and never a bare family: a pattern built
 * from it matches no other run's keys.
 */
const RUN_PREFIX = /^sl(test|e2e|dev)-[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*$/;

/** Keys scanned per SCAN call, and the most deleted per UNLINK. */
const BATCH = 1000;

/**
 * The patterns of a run's keys: those under its prefix (`<prefix>:…`) and under the prefixes
 * derived from it (`<prefix>-static:…`). Not `<prefix>*`: run `sltest-1_2` would then take run
 * `sltest-1_23`'s keys.
 */
export function runKeyPatterns(prefix: string): string[] {
  if (!RUN_PREFIX.test(prefix)) throw new Error(`Refusing to touch the Redis keys of "${prefix}": not a test run's prefix`);
  return [`${prefix}:*`, `${prefix}-*`];
}

async function eachPage(redis: Redis, patterns: string[], page: (keys: string[]) => Promise<void>): Promise<void> {
  for (const pattern of patterns) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', BATCH);
      if (keys.length > 0) await page(keys);
      cursor = next;
    } while (cursor !== '0');
  }
}

/**
 * Deletes a test run's keys, once nothing of the run writes any more (SCAN and UNLINK in batches:
 * never KEYS or FLUSHALL on the Redis other runs share). Answers how many it deleted.
 */
export async function deleteRunKeys(redisUrl: string, prefix: string): Promise<number> {
  const patterns = runKeyPatterns(prefix);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  try {
    let deleted = 0;
    await eachPage(redis, patterns, async (keys) => {
      // SCAN's COUNT is a hint: a page may hold more.
      for (let i = 0; i < keys.length; i += BATCH) deleted += await redis.unlink(...keys.slice(i, i + BATCH));
    });
    return deleted;
  } finally {
    await redis.quit();
  }
}

/** The keys of a test run still in Redis (for a test that checks none is left). */
export async function runKeys(redisUrl: string, prefix: string): Promise<string[]> {
  const patterns = runKeyPatterns(prefix);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  try {
    const found: string[] = [];
    await eachPage(redis, patterns, async (keys) => void found.push(...keys));
    return found;
  } finally {
    await redis.quit();
  }
}
