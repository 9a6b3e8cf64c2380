/**
 * A live replay of a real match: kick-off, goals at plausible minutes that add up to the real
 * final score, the minute ticking, half time and the final whistle — squeezed into a few real
 * minutes for demos and tests. Pure and seeded, so a replay plan is repeatable.
 */

export interface ReplayStep {
  /** Seconds after the replay starts. */
  atSecond: number;
  status: 'live' | 'finished';
  minute: number;
  homeScore: number;
  awayScore: number;
  /** Why this step exists (for the CLI's log). */
  label: 'kick-off' | 'goal' | 'half-time' | 'second half' | 'minute' | 'full-time';
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Goal minutes, 2..90, spread the way goals really fall: a little more often late in each half
 * (weights rise through each half), never two in the same minute.
 */
export function goalMinutes(goals: number, random: () => number): number[] {
  // From minute 2: minute 1 is the kick-off step.
  const weights = Array.from({ length: 90 }, (_, i) => {
    const minute = i + 1;
    if (minute === 1) return 0;
    const inHalf = minute <= 45 ? minute / 45 : (minute - 45) / 45;
    return 0.8 + 0.6 * inHalf;
  });
  const chosen = new Set<number>();
  while (chosen.size < Math.min(goals, 89)) {
    const total = weights.reduce((sum, w, i) => sum + (chosen.has(i + 1) ? 0 : w), 0);
    let pick = random() * total;
    for (let i = 0; i < 90; i++) {
      if (chosen.has(i + 1)) continue;
      pick -= weights[i];
      if (pick <= 0) {
        chosen.add(i + 1);
        break;
      }
    }
  }
  return [...chosen].sort((a, b) => a - b);
}

/**
 * The steps of one match replayed over `durationSeconds`, ending on the real score.
 * `tickEveryMinutes` adds steps that only move the clock, so screens show the minute running.
 */
export function planMatchReplay(
  finalHome: number,
  finalAway: number,
  opts: { durationSeconds: number; seed: number; tickEveryMinutes?: number },
): ReplayStep[] {
  if (!Number.isInteger(finalHome) || !Number.isInteger(finalAway) || finalHome < 0 || finalAway < 0) {
    throw new RangeError('final scores must be whole numbers ≥ 0');
  }
  if (!(opts.durationSeconds > 0)) throw new RangeError('durationSeconds must be positive');
  const random = seededRandom(opts.seed);
  const minutes = goalMinutes(finalHome + finalAway, random);
  // Which of the goals are the home side's: a random selection of finalHome of them.
  const order = minutes.map((m) => ({ m, r: random() })).sort((a, b) => a.r - b.r);
  const homeGoalMinutes = new Set(order.slice(0, finalHome).map((o) => o.m));
  // 90 match minutes plus a short half-time pause fill the duration.
  const secondsPerMinute = opts.durationSeconds / 95;
  const at = (minute: number) => Math.round((minute <= 45 ? minute : minute + 5) * secondsPerMinute * 1000) / 1000;

  const steps: ReplayStep[] = [{ atSecond: 0, status: 'live', minute: 1, homeScore: 0, awayScore: 0, label: 'kick-off' }];
  let home = 0;
  let away = 0;
  const tick = opts.tickEveryMinutes ?? 0;
  for (let minute = 2; minute <= 90; minute++) {
    const isGoal = minutes.includes(minute);
    if (isGoal) {
      if (homeGoalMinutes.has(minute)) home += 1;
      else away += 1;
      steps.push({ atSecond: at(minute), status: 'live', minute, homeScore: home, awayScore: away, label: 'goal' });
    } else if (minute === 45) {
      steps.push({ atSecond: at(45), status: 'live', minute: 45, homeScore: home, awayScore: away, label: 'half-time' });
    } else if (minute === 46) {
      steps.push({ atSecond: at(46), status: 'live', minute: 46, homeScore: home, awayScore: away, label: 'second half' });
    } else if (tick > 0 && minute % tick === 0) {
      steps.push({ atSecond: at(minute), status: 'live', minute, homeScore: home, awayScore: away, label: 'minute' });
    }
  }
  steps.push({ atSecond: opts.durationSeconds, status: 'finished', minute: 90, homeScore: finalHome, awayScore: finalAway, label: 'full-time' });
  return steps;
}

/** A believable full-time score for a match whose real result is unknown (Poisson, ~1.5 v 1.2 goals). */
export function plausibleScore(random: () => number): [number, number] {
  const poisson = (lambda: number): number => {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = random();
    while (p > limit && k < 9) {
      k += 1;
      p *= random();
    }
    return k;
  };
  return [poisson(1.5), poisson(1.2)];
}
