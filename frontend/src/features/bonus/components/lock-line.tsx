import { Trans, useTranslation } from 'react-i18next';
import { ClockIcon, LockIcon } from '@/components/ui/icons';
import { displayTimeZone, formatDeadlineBesideZone } from '@/lib/format';
import { useDateDisplay } from '@/lib/settings/use-date-display';

/** When the answers lock (or locked), in the fan's zone with the zone named: a deadline is a promise. */
export function LockLine({ locksAt, open }: { locksAt: string | null; open: boolean }) {
  const { t } = useTranslation('bonus');
  const display = useDateDisplay();
  const Icon = open ? ClockIcon : LockIcon;
  return (
    <p className="flex items-start gap-2 text-sm font-medium text-fg">
      <Icon size={18} className="mt-px shrink-0 text-accent" />
      <span>
        {locksAt === null ? (
          t('locks.unknown')
        ) : (
          <Trans
            t={t}
            i18nKey={open ? 'locks.at' : 'locks.closed'}
            values={{ date: formatDeadlineBesideZone(locksAt, display), zone: displayTimeZone(display) }}
            components={{ date: <time dateTime={locksAt} className="tabular-nums" /> }}
          />
        )}
      </span>
    </p>
  );
}
