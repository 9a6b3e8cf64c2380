/**
 * API calls the early boot script (build/early-boot.ts) started for the first screen before the
 * app's code arrived, with the token stored then. Each is taken once, by the first request for
 * the same URL with the same token; anything else asks the server as usual.
 */
interface EarlyRequests {
  token: string;
  responses: Record<string, Promise<Response | null> | undefined>;
}

declare global {
  interface Window {
    __scorelineEarly?: EarlyRequests;
  }
}

/** The early response for `url`, or null when there is none (or it failed): then fetch as usual. */
export async function takeEarlyResponse(url: string, token: string): Promise<Response | null> {
  const early = typeof window === 'undefined' ? undefined : window.__scorelineEarly;
  const response = early?.token === token ? early.responses[url] : undefined;
  if (!response) return null;
  delete early!.responses[url];
  return response;
}
