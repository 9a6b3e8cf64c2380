import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Queue } from 'bullmq';
import { EnvError, parseEnv, type AppEnv } from '../platform/config/env';
import { NotificationsScheduler, SCHEDULES } from './notifications.scheduler';

const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'scoreline-sched-')), JWT_SECRET: 'unit-test-secret-0123456789' };

describe('notification schedules', () => {
  it('are on by default, off by default in tests, and NOTIFICATION_SCHEDULER decides when given', () => {
    expect(parseEnv({ ...base }).notificationScheduler).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: 'test' }).notificationScheduler).toBe(false);
    expect(parseEnv({ ...base, NODE_ENV: 'test', NOTIFICATION_SCHEDULER: 'true' }).notificationScheduler).toBe(true);
    expect(parseEnv({ ...base, NOTIFICATION_SCHEDULER: 'no' }).notificationScheduler).toBe(false);
    expect(() => parseEnv({ ...base, NOTIFICATION_SCHEDULER: 'sometimes' })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, NOTIFICATION_SCHEDULER: 'sometimes' })).toThrow('NOTIFICATION_SCHEDULER must be true or false');
  });

  const fakeQueue = () => ({ upsertJobScheduler: jest.fn().mockResolvedValue({}), removeJobScheduler: jest.fn().mockResolvedValue(true) });

  it('registers every 5 minutes the reminders and on Mondays 09:00 UTC the digest, or removes both', async () => {
    const on = fakeQueue();
    await new NotificationsScheduler(on as unknown as Queue, { notificationScheduler: true } as AppEnv).onApplicationBootstrap();
    expect(on.upsertJobScheduler.mock.calls).toEqual([
      ['notifications-deadline-reminders', { every: 300000 }, { name: 'deadline-reminders', data: {} }],
      ['notifications-weekly-digest', { pattern: '0 9 * * 1', tz: 'UTC' }, { name: 'weekly-digest', data: {} }],
    ]);
    expect(on.removeJobScheduler).not.toHaveBeenCalled();

    const off = fakeQueue();
    await new NotificationsScheduler(off as unknown as Queue, { notificationScheduler: false } as AppEnv).onApplicationBootstrap();
    expect(off.removeJobScheduler.mock.calls).toEqual(SCHEDULES.map((s) => [s.id]));
    expect(off.upsertJobScheduler).not.toHaveBeenCalled();
  });
});
