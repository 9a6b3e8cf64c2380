/**
 * football-data.org v4 as a ResultsProvider: GET {base}/competitions/{code}/matches?dateFrom&dateTo
 * with the X-Auth-Token header, the answer checked against football-data.schema.ts and mapped by
 * football-data.mapping.ts. Every failure is a ProviderFailure of one kind (../provider.ts); the
 * token never appears in a message.
 */
import { ProviderFailure, type MatchWindow, type ProviderAnswer, type ResultsProvider } from '../provider';
import { providerMatchOf } from './football-data.mapping';
import { checkFootballDataAnswer } from './football-data.schema';

export const FOOTBALL_DATA_PROVIDER_NAME = 'football-data';
export const DEFAULT_FOOTBALL_DATA_TIMEOUT_MS = 10_000;
/** What a 429 asks when it says nothing of its own. */
export const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 60;
/** A provider's own message is quoted in ours, cut to this. */
const MAX_QUOTED_MESSAGE = 200;

/**
 * Scoreline's competition codes (seasons' league_code) → football-data's. A competition missing
 * here is not fed by football-data.
 */
export function footballDataCompetitionCodes(): Record<string, string> {
  return { 'en.1': 'PL', 'de.1': 'BL1', 'es.1': 'PD', 'it.1': 'SA', 'fr.1': 'FL1', 'uefa.cl': 'CL', 'fifa.wc': 'WC' };
}

export interface FootballDataProviderOptions {
  /** Up to and including /v4, e.g. https://api.football-data.org/v4 or the stand-in's url. */
  baseUrl: string;
  token: string;
  /** The whole call (answer and body) must be done within this; default 10 s. */
  timeoutMs?: number;
  /** The global fetch unless given. */
  fetch?: typeof fetch;
}

/** An integer header, null when missing or unreadable. */
export function intHeader(headers: Pick<Headers, 'get'>, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d{1,9}\s*$/.test(raw)) return null;
  return Number(raw);
}

/** How long a 429 asks to wait: X-RequestCounter-Reset, else its message's "Wait N seconds", else a minute. */
export function rateLimitWaitSeconds(resetHeader: number | null, message: string | null): number {
  if (resetHeader !== null) return resetHeader;
  const told = message === null ? null : /wait (\d{1,6}) seconds?/i.exec(message);
  return told ? Number(told[1]) : DEFAULT_RATE_LIMIT_WAIT_SECONDS;
}

/** YYYY-MM-DD of an instant, in UTC (the provider's days). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The provider's own message from an error body, if it has one; never trusted to be short or clean. */
function quotedMessage(body: string, token: string): string | null {
  let message: unknown;
  try {
    message = (JSON.parse(body) as { message?: unknown } | null)?.message;
  } catch {
    return null;
  }
  if (typeof message !== 'string' || message.trim() === '') return null;
  const clean = token === '' ? message : message.split(token).join('…');
  return clean.length > MAX_QUOTED_MESSAGE ? `${clean.slice(0, MAX_QUOTED_MESSAGE)}…` : clean;
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** "connect ECONNREFUSED 127.0.0.1:3100" → "ECONNREFUSED": what went wrong, without the URL's details. */
function connectionProblem(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The failure an HTTP error status means (the body already read). */
export function failureOfStatus(status: number, message: string | null, resetSeconds: number | null): ProviderFailure {
  const said = message === null ? '' : `: ${message}`;
  if (status === 429) {
    const wait = rateLimitWaitSeconds(resetSeconds, message);
    return new ProviderFailure('rate-limited', `football-data: request limit reached, wait ${wait} s${said}`, wait);
  }
  // A bad or missing token is a 400 or a 403; a 403 is also a competition outside the plan.
  if (status === 401 || status === 403 || (status === 400 && message !== null && /token/i.test(message))) {
    return new ProviderFailure('unauthorized', `football-data refused the token (${status})${said}`);
  }
  if (status >= 500) return new ProviderFailure('unavailable', `football-data answered ${status}${said}`);
  return new ProviderFailure('unavailable', `football-data refused the request (${status})${said}`);
}

export class FootballDataProvider implements ResultsProvider {
  readonly name = FOOTBALL_DATA_PROVIDER_NAME;
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(opts: FootballDataProviderOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.token = opts.token;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_FOOTBALL_DATA_TIMEOUT_MS;
    this.fetch = opts.fetch ?? fetch;
  }

  /** The matches URL of a competition and window (no token in it: that travels in a header). */
  matchesUrl(providerCompetition: string, window: MatchWindow): string {
    const query = new URLSearchParams({ dateFrom: utcDay(window.from), dateTo: utcDay(window.to) });
    return `${this.baseUrl}/competitions/${encodeURIComponent(providerCompetition)}/matches?${query.toString()}`;
  }

  async matches(providerCompetition: string, window: MatchWindow): Promise<ProviderAnswer> {
    const { status, headers, body } = await this.get(this.matchesUrl(providerCompetition, window));
    const requestsLeft = intHeader(headers, 'X-Requests-Available-Minute');
    const resetSeconds = intHeader(headers, 'X-RequestCounter-Reset');
    if (status < 200 || status > 299) throw failureOfStatus(status, quotedMessage(body, this.token), resetSeconds);

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ProviderFailure('bad-payload', `football-data's answer for ${providerCompetition} is not JSON (${body.length} bytes)`);
    }
    const checked = checkFootballDataAnswer(json);
    if (!checked.ok) throw new ProviderFailure('bad-payload', `football-data's answer for ${providerCompetition} breaks its schema: ${checked.problem}`);
    return { matches: checked.value.matches.map(providerMatchOf), requestsLeft, resetSeconds };
  }

  /** One GET, body read within the same time limit; only ProviderFailure escapes. */
  private async get(url: string): Promise<{ status: number; headers: Headers; body: string }> {
    try {
      const response = await this.fetch(url, {
        headers: { 'X-Auth-Token': this.token, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { status: response.status, headers: response.headers, body: await response.text() };
    } catch (error) {
      if (isTimeout(error)) throw new ProviderFailure('timeout', `football-data did not answer within ${this.timeoutMs} ms`);
      throw new ProviderFailure('unavailable', `football-data cannot be reached (${connectionProblem(error)})`);
    }
  }
}
