import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { League } from '@scoreline/contracts/api/leagues';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckCircleIcon } from '@/components/ui/icons';
import { LeagueTypeBadge } from './league-type-badge';
import { InviteCode } from './copy-code-button';

/** Shown after a league is created: the league, its invite code (private) or ID (public). */
export function CreateSuccess({ league, onViewLeagues, onCreateAnother }: { league: League; onViewLeagues: () => void; onCreateAnother: () => void }) {
  const { t } = useTranslation('leagues');
  return (
    <Card className="mx-auto max-w-2xl overflow-hidden animate-slide-up">
      <div className="pitch-stripes flex flex-col items-center border-b border-line px-6 py-8 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-primary text-primary-fg" aria-hidden="true">
          <CheckCircleIcon size={28} />
        </span>
        <h2 className="mt-4 font-display text-2xl font-extrabold tracking-tight text-fg">{t('created.title')}</h2>
        <p className="mt-1.5 text-sm text-muted">
          {league.type === 'private' ? t('created.privateText') : t('created.publicText')}
        </p>
      </div>
      <div className="space-y-5 p-5 sm:p-6">
        <div className="rounded-xl border border-line bg-surface-2 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold text-fg">{league.name}</h3>
            <LeagueTypeBadge type={league.type} />
          </div>
          {league.description ? <p className="mt-1.5 text-sm text-muted">{league.description}</p> : null}
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-muted">{t('shared.leagueId')}</dt>
              <dd className="font-semibold text-fg tabular-nums">{league.id}</dd>
            </div>
            {league.max_members ? (
              <div>
                <dt className="text-xs text-muted">{t('created.maxMembers')}</dt>
                <dd className="font-semibold text-fg tabular-nums">{league.max_members}</dd>
              </div>
            ) : null}
          </dl>
        </div>

        {league.code ? (
          <div>
            <p className="mb-1.5 text-sm font-medium text-fg">{t('shared.inviteCode')}</p>
            <InviteCode code={league.code} />
          </div>
        ) : null}

        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={onViewLeagues} className="sm:flex-1">
            {t('created.viewLeagues')}
          </Button>
          <Button variant="secondary" onClick={onCreateAnother} className="sm:flex-1">
            {t('created.createAnother')}
          </Button>
        </div>
        <p className="text-center text-sm">
          <Link to={`/leagues/${league.id}`} className={buttonClasses('link')}>
            {t('created.openLeague')}
          </Link>
        </p>
      </div>
    </Card>
  );
}
