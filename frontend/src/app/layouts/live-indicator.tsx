import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { liveStatusAtom, type LiveStatus } from '@/lib/live-status';
import { useServerUnavailable } from '@/lib/server-status';

const DOTS: Record<LiveStatus, string> = {
  online: 'bg-primary motion-safe:animate-pulse',
  connecting: 'bg-amber-400',
  offline: 'bg-zinc-500',
};

/** A small dot and word telling whether live updates are flowing, or that the server is out of reach. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const live = useAtomValue(liveStatusAtom);
  const unavailable = useServerUnavailable();
  const status: LiveStatus = unavailable ? 'offline' : live;
  return (
    <span
      className="hidden items-center gap-1.5 rounded-full border border-line px-2.5 py-1 text-xs text-muted sm:inline-flex"
      role="status"
      aria-live="polite"
      title={unavailable ? t('live.unavailableTitle') : status === 'online' ? t('live.onlineTitle') : t('live.pausedTitle')}
      data-testid="live-indicator"
      data-status={unavailable ? 'unavailable' : status}
    >
      <span className={`size-2 rounded-full ${DOTS[status]}`} aria-hidden="true" />
      {unavailable ? t('live.unavailable') : t(`live.${status}`)}
    </span>
  );
}
