import { useAtomValue } from 'jotai';
import { liveStatusAtom, type LiveStatus } from '@/lib/live';

const LABELS: Record<LiveStatus, string> = { online: 'Live', connecting: 'Reconnecting…', offline: 'Offline' };
const DOTS: Record<LiveStatus, string> = {
  online: 'bg-primary motion-safe:animate-pulse',
  connecting: 'bg-amber-400',
  offline: 'bg-zinc-500',
};

/** A small dot and word telling whether live updates are flowing. */
export function LiveIndicator() {
  const status = useAtomValue(liveStatusAtom);
  return (
    <span
      className="hidden items-center gap-1.5 rounded-full border border-line px-2.5 py-1 text-xs text-muted sm:inline-flex"
      role="status"
      aria-live="polite"
      title={status === 'online' ? 'Scores and ranks update live' : 'Live updates paused; reconnecting'}
      data-testid="live-indicator"
      data-status={status}
    >
      <span className={`size-2 rounded-full ${DOTS[status]}`} aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}
