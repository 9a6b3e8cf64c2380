/**
 * What BullMQ's production guide asks of Redis, checked at start: keys are never evicted
 * (`maxmemory-policy noeviction`: an evicted job is a lost job) and the data survives a restart
 * (AOF or RDB snapshots). Our promises do not rest on it — the outbox and the reconciler repair
 * what a Redis that lost its data dropped — but every such loss delays pushes and scoring.
 */
export interface RedisSettings {
  maxmemoryPolicy: string | null;
  appendonly: string | null;
  save: string | null;
}

/** The problems of a Redis configuration, as sentences; empty when it is as it should be. */
export function redisRequirementProblems(settings: RedisSettings): string[] {
  const problems: string[] = [];
  if (settings.maxmemoryPolicy !== null && settings.maxmemoryPolicy !== 'noeviction') {
    problems.push(`maxmemory-policy is "${settings.maxmemoryPolicy}": Redis may evict queued jobs; set it to "noeviction"`);
  }
  const aof = settings.appendonly === 'yes';
  const snapshots = settings.save !== null && settings.save.trim() !== '';
  if (settings.appendonly !== null && !aof && !snapshots) {
    problems.push('persistence is off (appendonly no, no save points): a Redis restart loses every queued job; run it with --appendonly yes');
  }
  return problems;
}

/** Anything that can answer CONFIG GET (an ioredis client). */
interface ConfigReader {
  config(subcommand: 'GET', parameter: string): Promise<unknown>;
}

/** Reads the settings; null where CONFIG is refused (some managed services disable it). */
export async function readRedisSettings(redis: ConfigReader): Promise<RedisSettings | null> {
  try {
    const get = async (name: string): Promise<string | null> => {
      const reply = (await redis.config('GET', name)) as string[];
      return Array.isArray(reply) && reply.length >= 2 ? String(reply[1]) : null;
    };
    return { maxmemoryPolicy: await get('maxmemory-policy'), appendonly: await get('appendonly'), save: await get('save') };
  } catch {
    return null;
  }
}
