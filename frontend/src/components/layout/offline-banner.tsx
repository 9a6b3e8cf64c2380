import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online-status';

/**
 * The friendly "you are offline" state: the installed app opens from the service worker's cache
 * with no network, and says so instead of failing screen by screen.
 */
export function OfflineBanner() {
  const { t } = useTranslation('push');
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" data-testid="offline-banner" className="border-b border-line bg-surface-2 px-4 py-3 text-center text-sm">
      <strong className="font-semibold text-fg">{t('offline.title')}</strong>
      <span className="text-muted"> · {t('offline.body')}</span>
    </div>
  );
}
