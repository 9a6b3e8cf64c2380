import { percentile } from './percentile';
import { ARGON2_OPTIONS, hashPassword } from '@scoreline/backend/auth/password-hashing';
import type { BenchCase } from './run';

/**
 * Sign-ins per second: real HTTP sign-ins (POST /api/auth/login/) against the booted API,
 * 8 at a time for 10 s after a 2 s warm-up, spread over 64 verified accounts. What it costs is
 * argon2id verification (ARGON2_OPTIONS) plus issuing the access and refresh tokens.
 */
const CONCURRENCY = 8;
const ACCOUNTS = 64;
const WARM_UP_MS = 2_000;
const MEASURE_MS = 10_000;
const PASSWORD = 'bench-password-1';

export const signInCase: BenchCase = {
  name: 'sign-in',
  async run(ctx) {
    const hash = await hashPassword(PASSWORD);
    await ctx.db.query(
      `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at)
       SELECT 'signin_' || i, 'signin_' || i || '@bench.invalid', 'Bench', 'Sign-in ' || i, $1, now()
       FROM generate_series(1, $2::int) AS i`,
      [hash, ACCOUNTS],
    );

    const latencies: number[] = [];
    let failures = 0;
    let measuring = false;
    let next = 0;
    const signIn = async (): Promise<void> => {
      const email = `signin_${(next++ % ACCOUNTS) + 1}@bench.invalid`;
      const start = process.hrtime.bigint();
      const res = await fetch(`${ctx.baseUrl}/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      await res.arrayBuffer();
      if (!measuring) return;
      if (res.status !== 200) failures++;
      else latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    };
    const loadFor = async (ms: number): Promise<void> => {
      const until = Date.now() + ms;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (Date.now() < until) await signIn();
        }),
      );
    };

    await loadFor(WARM_UP_MS);
    measuring = true;
    const started = Date.now();
    await loadFor(MEASURE_MS);
    const seconds = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round(percentile(latencies, q));
    const params = `argon2id m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;
    return [
      `sign-in over HTTP (${params}), ${CONCURRENCY} concurrent, ${MEASURE_MS / 1000} s: ${(latencies.length / seconds).toFixed(1)} sign-ins/s ` +
        `(p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${failures} failed)`,
    ];
  },
};
