import type { DataSource, QueryRunner } from 'typeorm';

export interface FiredAnswer {
  status: number;
  body: { message?: string; detail?: string; data?: unknown; errors?: Record<string, string[]> };
}

/**
 * One HTTP call to the listening API (fetch, not supertest, so many can be in flight at once on
 * their own connections).
 */
export async function call(baseUrl: string, method: string, path: string, token: string, body?: unknown): Promise<FiredAnswer> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as FiredAnswer['body']) : {} };
}

/** The calls built, then sent together: every request is on the wire before any answer is read. */
export function fireAtOnce(calls: (() => Promise<FiredAnswer>)[]): Promise<FiredAnswer[]> {
  return Promise.all(calls.map((c) => c()));
}

/** Status → how many answers had it, e.g. { 200: 1, 409: 19 }. */
export function statusCounts(answers: FiredAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** Every answer is in the error shape unless it is a 2xx. */
export function expectErrorShape(answers: FiredAnswer[]): void {
  for (const a of answers) {
    if (a.status >= 400 && typeof a.body.message !== 'string') throw new Error(`answer ${a.status} lacks a message: ${JSON.stringify(a.body)}`);
  }
}

/** Polls until `check` answers true (a database condition, typically), or fails after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Whether some other backend is waiting for a lock while running a statement that contains `fragment`. */
export async function someoneWaitsOnLock(db: DataSource, fragment: string): Promise<boolean> {
  const rows: unknown[] = await db.query(
    `SELECT 1 FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND position($1 in query) > 0`,
    [fragment],
  );
  return rows.length > 0;
}

/** A transaction of the test's own on a connection of its own, e.g. to hold a row lock. */
export async function openTransaction(db: DataSource): Promise<QueryRunner> {
  const runner = db.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  return runner;
}

export async function closeTransaction(runner: QueryRunner): Promise<void> {
  await runner.rollbackTransaction();
  await runner.release();
}
