/**
 * Every console query sits under this prefix: an operator's view of the whole game, kept apart
 * from the caches of the fan's own screens (an import or a result refreshes all of it at once).
 */
export const consoleQueryPrefix = ['console'] as const;

/** How often the screens that watch something moving ask again (matches in play, queues). */
export const WATCH_INTERVAL_MS = 10_000;
