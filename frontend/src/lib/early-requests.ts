/**
 * API calls the early boot script (build/early-boot.ts) started for the first screen before the
 * app's code arrived, with the token stored then. Each is taken once, by the first request for
 * the same URL with the same token; anything else asks the server as usual.
 */
interface EarlyAnswer {
  status: number;
  text: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

interface EarlyRequests {
  token: string;
  /** Settle with the answer, or null when the call failed (network). */
  answers: Record<string, Promise<EarlyAnswer | null> | undefined>;
  /** The answers already in, by URL. */
  settled: Record<string, EarlyAnswer | undefined>;
}

declare global {
  interface Window {
    __scorelineEarly?: EarlyRequests;
  }
}

function earlyFor(token: string | null): EarlyRequests | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__scorelineEarly;
  return early && token && early.token === token ? early : undefined;
}

/** Statuses whose response has no body. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The early response for `url` (null when that call failed: then fetch as usual), or null at once
 * when there is none, so a request without one waits for nothing.
 */
export function takeEarlyResponse(url: string, token: string): Promise<Response | null> | null {
  const early = earlyFor(token);
  const pending = early?.answers[url];
  if (!early || !pending) return null;
  delete early.answers[url];
  delete early.settled[url];
  return pending.then((answer) =>
    answer ? new Response(NO_BODY.has(answer.status) ? null : answer.text, { status: answer.status, headers: { 'Content-Type': 'application/json' } }) : null,
  );
}

/**
 * A successful early answer for `url` that is already in, parsed, with the time it arrived: for
 * a query's first render to show the data at once (taking it, as a request would).
 */
export function takeSettledEarlyJson(url: string, token: string | null): { body: unknown; at: number } | undefined {
  const early = earlyFor(token);
  const answer = early?.settled[url];
  if (!early || !answer || answer.status < 200 || answer.status >= 300) return undefined;
  delete early.answers[url];
  delete early.settled[url];
  try {
    return { body: JSON.parse(answer.text) as unknown, at: answer.at };
  } catch {
    return undefined;
  }
}
