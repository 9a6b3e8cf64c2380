/**
 * Polls `check` every `everyMs` until it answers true; throws naming `what` after `timeoutMs`.
 * The bench's cases time the moment a figure becomes true, so the poll is short by default.
 */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string | (() => string), everyMs = 5): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`bench: timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
