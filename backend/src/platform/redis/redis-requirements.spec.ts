import { readRedisSettings, redisRequirementProblems } from './redis-requirements';

describe('redisRequirementProblems', () => {
  it('accepts noeviction with AOF', () => {
    expect(redisRequirementProblems({ maxmemoryPolicy: 'noeviction', appendonly: 'yes', save: '' })).toEqual([]);
  });

  it('accepts RDB snapshots as persistence', () => {
    expect(redisRequirementProblems({ maxmemoryPolicy: 'noeviction', appendonly: 'no', save: '3600 1 300 100' })).toEqual([]);
  });

  it('refuses an evicting policy', () => {
    expect(redisRequirementProblems({ maxmemoryPolicy: 'allkeys-lru', appendonly: 'yes', save: '' })).toEqual([expect.stringContaining('allkeys-lru')]);
  });

  it('refuses a Redis that keeps nothing on disk', () => {
    expect(redisRequirementProblems({ maxmemoryPolicy: 'noeviction', appendonly: 'no', save: '' })).toEqual([expect.stringContaining('persistence is off')]);
  });

  it('says nothing of what it could not read', () => {
    expect(redisRequirementProblems({ maxmemoryPolicy: null, appendonly: null, save: null })).toEqual([]);
  });
});

describe('readRedisSettings', () => {
  it('reads the three settings from CONFIG GET replies', async () => {
    const values: Record<string, string> = { 'maxmemory-policy': 'noeviction', appendonly: 'yes', save: '' };
    const settings = await readRedisSettings({ config: async (_sub, name) => [name, values[name]] });
    expect(settings).toEqual({ maxmemoryPolicy: 'noeviction', appendonly: 'yes', save: '' });
  });

  it('answers null when CONFIG is refused', async () => {
    const settings = await readRedisSettings({ config: async () => Promise.reject(new Error("ERR unknown command 'CONFIG'")) });
    expect(settings).toBeNull();
  });
});
