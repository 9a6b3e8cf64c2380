import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChevronDownIcon } from '@/components/ui/icons';
import { LiveBadge } from '@/components/ui/live-badge';
import { cn } from '@/lib/cn';
import { formatKickoff } from '@/lib/format';
import { roundLabelOr } from '@/lib/round-label';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { PostponeControl } from './postpone-control';
import { RescheduleForm } from './reschedule-form';
import { ResultForm } from './result-form';

function StatusBadge({ fixture }: { fixture: AdminFixture }) {
  const { t } = useTranslation('console');
  if (fixture.status === 'live') return <LiveBadge minute={fixture.minute} />;
  if (fixture.status === 'finished') return <Badge tone="success">{t('status.finished')}</Badge>;
  if (fixture.status === 'postponed') return <Badge tone="warning">{t('status.postponed')}</Badge>;
  return <Badge>{t('status.scheduled')}</Badge>;
}

/**
 * A match as a row (teams, kick-off, status, score) that opens its operator actions: record or
 * correct the result, move the kick-off, postpone or void it. `knockout`: extra time and penalties may be given.
 * `roundName`: the round's name as its season gives it (useRoundNames): a tournament's round is
 * shown by it ("Round of 32"), a league's matchday as "GW 12" in the operator's language.
 */
export function FixtureRow({
  fixture,
  knockout,
  competitionName,
  roundName,
}: {
  fixture: AdminFixture;
  knockout: boolean;
  competitionName?: string;
  roundName?: string | null;
}) {
  const { t } = useTranslation('console');
  const display = useDateDisplay();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = t('fixtureName', { home: fixture.home_team, away: fixture.away_team });
  // "2–1", with extra time and penalties when there were any.
  const score =
    fixture.home_score === null || fixture.away_score === null
      ? null
      : [
          `${fixture.home_score}–${fixture.away_score}`,
          fixture.extra_time ? t('score.extraTime', { ...fixture.extra_time }) : null,
          fixture.penalties ? t('score.penalties', { ...fixture.penalties }) : null,
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words text-base font-semibold text-fg">{name}</h3>
          <p className="mt-0.5 text-xs text-muted">
            {[competitionName, roundLabelOr((number) => t('gameweekShort', { number }), fixture.gameweek, roundName), formatKickoff(fixture.match_time, display, fixture.kickoff_confirmed, { unknown: t('kickoffUnknown'), dayOnly: (day) => t('kickoffDayOnly', { day }) })]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <StatusBadge fixture={fixture} />
            {score ? <span className="text-lg font-bold text-fg tabular-nums">{score}</span> : null}
            {fixture.awarded ? <Badge tone="info">{t('status.awarded')}</Badge> : null}
          </div>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={open ? t('matches.closeActions', { match: name }) : t('matches.openActions', { match: name })}
          onClick={() => setOpen((v) => !v)}
          icon={<ChevronDownIcon size={16} className={cn('transition-transform', open && 'rotate-180')} />}
        >
          {t('matches.manage')}
        </Button>
      </div>
      {open ? (
        <div id={panelId} className="mt-4 grid gap-6 border-t border-line pt-4 lg:grid-cols-2">
          <ResultForm fixture={fixture} knockout={knockout} />
          <div className="space-y-6">
            <RescheduleForm fixture={fixture} />
            <PostponeControl fixture={fixture} />
          </div>
        </div>
      ) : null}
    </Card>
  );
}
