/**
 * A local stand-in of football-data.org v4 (issue 35): the same endpoint, headers and JSON, on
 * node:http bound to 127.0.0.1, serving competitions by replaying real openfootball match days on
 * the clock (replay.ts) and scripted matches, with the provider's failures on demand (a rate limit,
 * a 500, no answer, a broken body, a provider that goes down). Scriptable in-process (this API) and
 * over HTTP under /__stand-in/ (for Playwright and `npm start`), both checked the same way.
 *
 * Order of a provider request: down → a queued fault → the token → the budget → the route.
 * `requests` counts provider requests, not the control routes.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkFootballDataMatch, type FootballDataMatch } from '../football-data/football-data.schema';
import { matchesAt, planReplay, type ReplayClock, type ReplayPlan } from './replay';
import { readReplayFile } from './replay-file';
import {
  BAD_TOKEN_MESSAGE,
  NOT_FOUND_MESSAGE,
  RATE_LIMIT_MESSAGE,
  breachingAnswer,
  budgetAt,
  errorBody,
  matchesAnswer,
  type BudgetState,
} from './stand-in-answer';
import {
  PROVIDER_CODE_RE,
  checkDayWindow,
  checkDownBody,
  checkFailBody,
  checkPatchBody,
  deepMerge,
  downMsProblem,
  faultTimesProblem,
  isStandInFault,
  matchIdOf,
  type DeepPartial,
  type StandInFault,
} from './stand-in-controls';

export type { DeepPartial, StandInFault } from './stand-in-controls';

export interface StandInOptions {
  /** 0 (the default) = any free port. */
  port?: number;
  /** When set, any other token (or none) gets the provider's 403. */
  token?: string | null;
  /** Default 10, football-data's free tier; beyond it a 429 with the provider's headers. */
  requestsPerMinute?: number;
  /** The clock of replays, the budget and down(); default Date.now. */
  now?: () => number;
  log?: (line: string) => void;
}

export interface ReplayOptions {
  /** Added to every kick-off of the file. */
  shiftMs: number;
  /** How many times faster than real time the match day runs (default 1). */
  speed?: number;
  /** worldcup.squads.json: the national teams' FIFA codes. */
  squadsFile?: string;
}

export interface FootballDataStandIn {
  /** Base URL including /v4, e.g. http://127.0.0.1:PORT/v4 (what FOOTBALL_DATA_BASE_URL is set to). */
  readonly url: string;
  stop(): Promise<void>;
  /** Serve `code` ("WC", "PL"…) by replaying an openfootball file on the clock. */
  replay(code: string, file: string, opts: ReplayOptions): void;
  /** Scripted matches: put a whole match (v4 JSON shape) or patch one by id. */
  setMatch(code: string, match: FootballDataMatch): void;
  patchMatch(id: number, patch: DeepPartial<FootballDataMatch>): void;
  /** Faults for the next `times` provider requests (default 1). */
  fail(kind: StandInFault, times?: number): void;
  /** Answers nothing (requests hang until closed) for `ms`, then recovers. */
  down(ms: number): void;
  /** Provider requests received so far. */
  readonly requests: number;
}

/** A refused script: the message is what a 400 says. */
export class StandInInputError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
    this.name = 'StandInInputError';
  }
}

interface ServedCompetition {
  code: string;
  replay: { plan: ReplayPlan; clock: ReplayClock; file: string } | null;
  scripted: Map<number, FootballDataMatch>;
}

const MAX_BODY_BYTES = 256 * 1024;
const CONTROL_PREFIX = '/__stand-in/';
const MATCHES_ROUTE = /^\/v4\/competitions\/([^/]+)\/matches\/?$/;

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

class StandIn implements FootballDataStandIn {
  url = '';
  requests = 0;
  private readonly server = createServer((req, res) => this.handle(req, res));
  private readonly competitions = new Map<string, ServedCompetition>();
  private readonly patches = new Map<number, Record<string, unknown>>();
  private faults: { kind: StandInFault; times: number }[] = [];
  private downUntilMs = -Infinity;
  private budget: BudgetState = { windowStartMs: null, used: 0 };
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private readonly token: string | null;
  private readonly limit: number;

  constructor(opts: StandInOptions) {
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? (() => undefined);
    this.token = opts.token ?? null;
    this.limit = opts.requestsPerMinute ?? 10;
    if (!Number.isInteger(this.limit) || this.limit < 1) throw new RangeError(`requestsPerMinute must be a whole number ≥ 1, got ${this.limit}`);
  }

  async start(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v4`;
  }

  stop(): Promise<void> {
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve, reject) => {
      // Held requests (down, 'timeout') never end on their own: their sockets are closed here.
      this.server.close((error) => (error ? reject(error) : resolve()));
      this.server.closeAllConnections();
    });
  }

  // -------------------------------------------------------------------------------------
  // Scripting
  // -------------------------------------------------------------------------------------

  replay(code: string, file: string, opts: ReplayOptions): void {
    if (!PROVIDER_CODE_RE.test(code)) throw new StandInInputError(`competition code: expected a football-data code such as "PL" or "WC", got "${code}"`);
    const speed = opts.speed ?? 1;
    if (!Number.isFinite(speed) || speed <= 0 || speed > 10_000) throw new StandInInputError(`speed: expected a number above 0 and at most 10000, got ${speed}`);
    const raw = readJson(file);
    const squads = opts.squadsFile === undefined ? undefined : readJson(opts.squadsFile);
    const reading = readReplayFile(raw, { code, shiftMs: opts.shiftMs, squads });
    if (!reading.ok) throw new StandInInputError(`${file} cannot be replayed as ${code}: ${reading.errors.slice(0, 5).join('; ')}`);
    for (const line of reading.refused.slice(0, 20)) this.log(`replay ${code}: refused ${line}`);
    const served = this.competition(code);
    served.replay = { plan: planReplay(reading.fixtures), clock: { anchorMs: this.now(), speed }, file };
    this.log(`replay ${code}: ${reading.name}, ${reading.fixtures.length} matches (${reading.refused.length} refused), shifted ${opts.shiftMs} ms, speed ${speed}`);
  }

  setMatch(code: string, match: FootballDataMatch): void {
    if (!PROVIDER_CODE_RE.test(code)) throw new StandInInputError(`competition code: expected a football-data code such as "PL" or "WC", got "${code}"`);
    const checked = checkFootballDataMatch(match);
    if (!checked.ok) throw new StandInInputError(`match breaks the schema: ${checked.problem}`);
    for (const c of this.competitions.values()) c.scripted.delete(checked.value.id);
    this.competition(code).scripted.set(checked.value.id, checked.value);
    this.patches.delete(checked.value.id);
  }

  patchMatch(id: number, patch: DeepPartial<FootballDataMatch>): void {
    const body = checkPatchBody(patch);
    if (!body.ok) throw new StandInInputError(body.problem);
    const current = this.findMatch(id);
    if (!current) throw new StandInInputError(`no match ${id} is served`, 404);
    const merged = deepMerge(this.patches.get(id) ?? {}, body.value);
    const checked = checkFootballDataMatch(deepMerge(current.unpatched, merged));
    if (!checked.ok) throw new StandInInputError(`the patched match breaks the schema: ${checked.problem}`);
    this.patches.set(id, merged);
  }

  fail(kind: StandInFault, times = 1): void {
    if (!isStandInFault(kind)) throw new StandInInputError(`kind: expected one of 429, 500, timeout, malformed, schema, got ${String(kind)}`);
    const problem = faultTimesProblem(times);
    if (problem) throw new StandInInputError(problem);
    this.faults.push({ kind, times });
  }

  down(ms: number): void {
    const problem = downMsProblem(ms);
    if (problem) throw new StandInInputError(problem);
    this.downUntilMs = this.now() + ms;
  }

  private competition(code: string): ServedCompetition {
    let c = this.competitions.get(code);
    if (!c) this.competitions.set(code, (c = { code, replay: null, scripted: new Map() }));
    return c;
  }

  // -------------------------------------------------------------------------------------
  // What is served
  // -------------------------------------------------------------------------------------

  /** A competition's matches now, before patches: the replay's, with scripted matches over them by id. */
  private unpatchedMatches(c: ServedCompetition, nowMs: number): FootballDataMatch[] {
    const byId = new Map<number, FootballDataMatch>();
    if (c.replay) for (const m of matchesAt(c.replay.plan, c.replay.clock, nowMs)) byId.set(m.id, m);
    for (const [id, m] of c.scripted) byId.set(id, m);
    return [...byId.values()];
  }

  private findMatch(id: number): { code: string; unpatched: FootballDataMatch } | null {
    const nowMs = this.now();
    for (const c of this.competitions.values()) {
      const found = this.unpatchedMatches(c, nowMs).find((m) => m.id === id);
      if (found) return { code: c.code, unpatched: found };
    }
    return null;
  }

  /** With patches laid over; a patch that no longer fits the match as it now stands is left out (and said). */
  private servedMatches(c: ServedCompetition, nowMs: number): FootballDataMatch[] {
    return this.unpatchedMatches(c, nowMs).map((m) => {
      const patch = this.patches.get(m.id);
      if (!patch) return m;
      const checked = checkFootballDataMatch(deepMerge(m, patch));
      if (checked.ok) return checked.value;
      this.log(`patch of match ${m.id} left out: ${checked.problem}`);
      return m;
    });
  }

  private state(): unknown {
    const nowMs = this.now();
    const budget = budgetAt(this.budget, this.limit, nowMs, false);
    return {
      url: this.url,
      requests: this.requests,
      competitions: [...this.competitions.values()].map((c) => ({
        code: c.code,
        replay: c.replay ? { file: c.replay.file, speed: c.replay.clock.speed, anchor: new Date(c.replay.clock.anchorMs).toISOString() } : null,
        scripted: c.scripted.size,
        matches: this.unpatchedMatches(c, nowMs).length,
      })),
      patched: [...this.patches.keys()],
      faults: this.faults,
      down_for_ms: Math.max(0, this.downUntilMs - nowMs),
      budget: { limit: this.limit, left: budget.left, reset_seconds: budget.resetSeconds },
    };
  }

  // -------------------------------------------------------------------------------------
  // HTTP
  // -------------------------------------------------------------------------------------

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    res.on('finish', () => this.log(`${req.method} ${path} ${res.statusCode}`));
    if (path.startsWith(CONTROL_PREFIX)) {
      void this.handleControl(req, res, path);
      return;
    }
    this.requests += 1;
    this.handleProvider(req, res, path);
  }

  /** Never answered: held until the client gives up or the stand-in stops. */
  private hold(req: IncomingMessage, res: ServerResponse, why: string): void {
    res.on('close', () => {
      if (!res.writableEnded) this.log(`${req.method} ${req.url ?? '/'} no answer (${why})`);
    });
  }

  private handleProvider(req: IncomingMessage, res: ServerResponse, path: string): void {
    const nowMs = this.now();
    if (nowMs < this.downUntilMs) return this.hold(req, res, 'down');
    const fault = this.takeFault();
    if (fault === 'timeout') return this.hold(req, res, "'timeout' fault");
    if (fault === '500') return sendJson(res, 500, errorBody(500, 'Internal server error.'));
    if (fault === 'malformed') return sendText(res, 200, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    if (fault === '429') {
      const { resetSeconds } = budgetAt(this.budget, this.limit, nowMs, false);
      return sendJson(res, 429, errorBody(429, RATE_LIMIT_MESSAGE(resetSeconds)), budgetHeaders(0, resetSeconds));
    }

    if (this.token !== null) {
      const given = req.headers['x-auth-token'];
      if (typeof given !== 'string' || !sameSecret(given, this.token)) return sendJson(res, 403, errorBody(403, BAD_TOKEN_MESSAGE));
    }
    const spent = budgetAt(this.budget, this.limit, nowMs, true);
    this.budget = spent.state;
    const headers = budgetHeaders(spent.left, spent.resetSeconds);
    if (!spent.allowed) return sendJson(res, 429, errorBody(429, RATE_LIMIT_MESSAGE(spent.resetSeconds)), headers);

    const url = requestUrl(path);
    const route = url ? MATCHES_ROUTE.exec(url.pathname) : null;
    if (req.method !== 'GET') return sendJson(res, 405, errorBody(405, `${req.method} is not allowed here.`), headers);
    const competition = route ? this.competitions.get(route[1]) : undefined;
    if (!url || !competition) return sendJson(res, 404, errorBody(404, NOT_FOUND_MESSAGE), headers);
    const window = checkDayWindow(url.searchParams);
    if (!window.ok) return sendJson(res, 400, errorBody(400, window.problem), headers);

    const answer = matchesAnswer(competition.code, this.servedMatches(competition, nowMs), window.value);
    sendJson(res, 200, fault === 'schema' ? breachingAnswer(answer) : answer, headers);
  }

  private takeFault(): StandInFault | null {
    const next = this.faults[0];
    if (!next) return null;
    next.times -= 1;
    if (next.times <= 0) this.faults.shift();
    return next.kind;
  }

  private async handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const route = (requestUrl(path)?.pathname ?? '').slice(CONTROL_PREFIX.length).replace(/\/$/, '');
    try {
      if (req.method === 'GET' && route === 'state') return sendJson(res, 200, this.state());
      const body = await readBody(req);
      const matchRoute = /^matches\/([^/]+)$/.exec(route);
      if (req.method === 'POST' && matchRoute) {
        this.setMatch(matchRoute[1], body as FootballDataMatch);
        return sendJson(res, 200, { ok: true });
      }
      if (req.method === 'PATCH' && matchRoute) {
        const id = matchIdOf(matchRoute[1]);
        if (id === null) throw new StandInInputError(`match id: expected a whole positive number, got "${matchRoute[1]}"`);
        this.patchMatch(id, body as DeepPartial<FootballDataMatch>);
        return sendJson(res, 200, { ok: true });
      }
      if (req.method === 'POST' && route === 'fail') {
        const checked = checkFailBody(body);
        if (!checked.ok) throw new StandInInputError(checked.problem);
        this.fail(checked.value.kind, checked.value.times);
        return sendJson(res, 200, { ok: true });
      }
      if (req.method === 'POST' && route === 'down') {
        const checked = checkDownBody(body);
        if (!checked.ok) throw new StandInInputError(checked.problem);
        this.down(checked.value.ms);
        return sendJson(res, 200, { ok: true });
      }
      throw new StandInInputError(`no control ${req.method} ${CONTROL_PREFIX}${route}`, 404);
    } catch (error) {
      if (error instanceof StandInInputError) {
        this.log(`control refused: ${error.message}`);
        return sendJson(res, error.status, { error: error.message });
      }
      this.log(`control failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'the stand-in failed; see its log' });
    }
  }
}

/** The request's URL, null when it cannot be read (the path is a path: no host is taken from it). */
function requestUrl(path: string): URL | null {
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  try {
    return new URL(path, 'http://stand-in');
  } catch {
    return null;
  }
}

function budgetHeaders(left: number, resetSeconds: number): Record<string, string> {
  return { 'X-Requests-Available-Minute': String(left), 'X-RequestCounter-Reset': String(resetSeconds), 'X-API-Version': 'v4' };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendText(res, status, JSON.stringify(body), 'application/json', headers);
}

function sendText(res: ServerResponse, status: number, body: string, contentType: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': `${contentType}; charset=utf-8`, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** A control body: JSON, at most 256 KB; none is null. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new StandInInputError(`body: larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new StandInInputError('body: not JSON');
  }
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new StandInInputError(`${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new StandInInputError(`${file} is not JSON: ${(error as Error).message}`);
  }
}

/** Starts a stand-in on 127.0.0.1 (port 0: any free one). */
export async function startFootballDataStandIn(opts: StandInOptions = {}): Promise<FootballDataStandIn> {
  const standIn = new StandIn(opts);
  await standIn.start(opts.port ?? 0);
  return standIn;
}
