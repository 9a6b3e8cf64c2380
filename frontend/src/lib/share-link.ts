/** What happened when the fan pressed Share. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Not a secure context or refused: the caller says so.
  }
  return false;
}

/**
 * The device's share sheet (Web Share API) where there is one, the clipboard otherwise. A fan
 * closing the sheet is not a failure.
 */
export async function shareOrCopy(share: { url: string; title: string; text: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && (navigator.canShare?.(share) ?? true)) {
    try {
      await navigator.share(share);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Fall back to copying (e.g. the share target failed).
    }
  }
  return (await copyText(share.url)) ? 'copied' : 'failed';
}

/** The absolute address of an app path on this site. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
