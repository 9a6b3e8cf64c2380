import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamAccuracy } from '@scoreline/contracts/api/stats';
import { Card, CardHeader } from '@/components/ui/card';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { clubInitials } from '@/lib/initials';

/** Hot or cold teams: each club with the player's accuracy in its matches (dashboard, player profile). */
export function TeamAccuracyList({
  title,
  description,
  icon,
  teams,
  emptyText,
  tone,
}: {
  title: string;
  description?: string;
  icon: ReactNode;
  teams: readonly TeamAccuracy[];
  emptyText: string;
  tone: 'hot' | 'cold';
}) {
  const { t } = useTranslation('common');
  const number = useFormatNumber();
  return (
    <Card>
      <CardHeader
        as="h2"
        title={
          <span className="flex items-center gap-2">
            <span className={cn('grid size-8 place-items-center rounded-lg', tone === 'hot' ? 'bg-warning-soft text-warning' : 'bg-info-soft text-info')}>
              {icon}
            </span>
            {title}
          </span>
        }
        description={description}
      />
      <div className="p-5 pt-4 sm:p-6 sm:pt-4">
        {teams.length === 0 ? (
          <p className="rounded-xl bg-surface-2 px-4 py-5 text-center text-sm text-muted">{emptyText}</p>
        ) : (
          <ol className="space-y-2.5" aria-label={title}>
            {teams.map((team) => (
              <li key={team.team_id ?? team.team} className="flex items-center justify-between gap-3 rounded-xl bg-surface-2 px-4 py-3">
                <div className="flex min-w-0 items-center gap-3">
                  {team.team_logo ? (
                    <img src={team.team_logo} alt="" className="size-7 shrink-0 object-contain" loading="lazy" />
                  ) : (
                    <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-surface-3 text-[10px] font-bold text-muted">
                      {clubInitials(team.team, team.team_short)}
                    </span>
                  )}
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold text-fg">{team.team}</p>
                    {typeof team.predictions === 'number' ? (
                      <p className="text-xs text-muted">{t('teamAccuracy.predictions', { count: team.predictions })}</p>
                    ) : null}
                  </div>
                </div>
                <p className={cn('shrink-0 text-sm font-bold tabular-nums', tone === 'hot' ? 'text-success' : 'text-danger')}>
                  {t('teamAccuracy.accuracy', { value: number(Math.round(team.accuracy)) })}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
