import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberDetail } from '@scoreline/contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import {
  BoltIcon,
  CalendarIcon,
  ChartIcon,
  CrownIcon,
  EyeIcon,
  MedalIcon,
  ShieldIcon,
  StarIcon,
  TargetIcon,
  TrophyIcon,
} from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { RankBadge, RankNumber } from '@/components/ui/rank-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { getServerMessage } from '@/lib/api-error';
import { useMemberDetail } from '../api/get-member-detail';
import { useRemoveMember } from '../api/remove-member';
import { resolveBadge } from '../utils/rank';
import { Avatar } from './avatar';
import { RoleBadge } from './league-type-badge';

const ACHIEVEMENT_ICONS: Record<string, (p: { size?: number }) => ReactNode> = {
  crown: CrownIcon,
  medal: MedalIcon,
  star: StarIcon,
  flag: ShieldIcon,
  target: TargetIcon,
  eye: EyeIcon,
  zap: BoltIcon,
  trophy: TrophyIcon,
  calendar: CalendarIcon,
};

/** The member modal: card, achievements and the comparison with the viewer (GET …/members/{userId}/). */
export function MemberModal({
  leagueId,
  userId,
  fallbackName,
  canRemove,
  onClose,
}: {
  leagueId: number;
  userId: number | null;
  fallbackName?: string;
  canRemove: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('leagues');
  const detail = useMemberDetail(leagueId, userId);
  const title = detail.data?.member.full_name || fallbackName || t('modal.fallbackTitle');
  return (
    <Modal open={userId !== null} onClose={onClose} title={title} className="max-h-[92dvh] max-w-lg overflow-y-auto">
      {detail.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-16" />
          <Skeleton className="h-20" />
          <Skeleton className="h-24" />
        </div>
      ) : detail.isError || !detail.data ? (
        <Alert>
          <p>{getServerMessage(detail.error) ?? t('modal.loadFailed')}</p>
        </Alert>
      ) : (
        <MemberDetailBody leagueId={leagueId} detail={detail.data} canRemove={canRemove} onRemoved={onClose} />
      )}
    </Modal>
  );
}

function MemberDetailBody({
  leagueId,
  detail,
  canRemove,
  onRemoved,
}: {
  leagueId: number;
  detail: MemberDetail;
  canRemove: boolean;
  onRemoved: () => void;
}) {
  const { t } = useTranslation(['leagues', 'common', 'compare']);
  const number = useFormatNumber();
  const { member, achievements, comparison } = detail;
  const difference = comparison.difference;
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-4">
        <Avatar initials={member.avatar} name={member.full_name} size="lg" highlighted={comparison.is_self} />
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-2xl">
            <RankNumber rank={member.rank} className="font-display font-extrabold" />
            <RankBadge badge={resolveBadge(member.badge, member.rank)} rank={member.rank} size={20} />
          </p>
          <p className="truncate text-sm text-muted">
            @{member.username}
            {member.team_name ? ` · ${member.team_name}` : ''}
          </p>
          <div className="mt-1">
            <RoleBadge role={member.role} />
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          { label: t('modal.points'), value: number(member.total_points) },
          { label: t('modal.accuracy'), value: t('common:percent', { value: number(member.prediction_accuracy) }) },
          { label: t('modal.weeksActive'), value: number(member.weeks_active) },
        ].map((item) => (
          <div key={item.label} className="rounded-xl border border-line bg-surface-2 px-2 py-3">
            <dt className="text-[11px] font-medium text-muted">{item.label}</dt>
            <dd className="mt-0.5 text-lg font-bold text-fg tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>

      <div className="rounded-xl border border-line p-3.5">
        <p className="flex items-center gap-2 text-sm font-semibold text-fg">
          <ChartIcon size={16} className="text-accent" /> {comparison.is_self ? t('modal.yourStanding') : t('modal.compared')}
        </p>
        <p className="mt-1.5 text-sm text-muted">
          {comparison.is_self ? (
            t('modal.thisIsYou')
          ) : difference === 0 ? (
            t('modal.level', { points: number(comparison.viewer_total_points) })
          ) : (
            <Trans
              t={t}
              i18nKey={difference > 0 ? 'modal.ahead' : 'modal.behind'}
              values={{ difference: number(Math.abs(difference)), points: number(comparison.viewer_total_points) }}
              components={[<span key="difference" className={difference > 0 ? 'font-semibold text-danger' : 'font-semibold text-success'} />]}
            />
          )}{' '}
          <Trans
            t={t}
            i18nKey="modal.betterThan"
            values={{ percent: number(comparison.better_than_percent) }}
            components={[<span key="percent" className="font-semibold text-fg tabular-nums" />]}
          />
        </p>
      </div>

      <div>
        <h3 className="text-sm font-semibold text-fg">{t('modal.achievements')}</h3>
        {achievements.length === 0 ? (
          <p className="mt-1.5 text-sm text-muted">{t('modal.noAchievements')}</p>
        ) : (
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {achievements.map((achievement) => {
              const Icon = ACHIEVEMENT_ICONS[achievement.icon] ?? TrophyIcon;
              return (
                <li key={achievement.title} className="flex items-start gap-2.5 rounded-xl bg-surface-2 p-2.5">
                  <span className="mt-0.5 text-accent" aria-hidden="true">
                    <Icon size={16} />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold text-fg">{achievement.title}</span>
                    <span className="block text-xs text-muted">{achievement.description}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        {canRemove && !comparison.is_self && member.role !== 'owner' ? (
          <RemoveMemberButton leagueId={leagueId} userId={member.user_id} name={member.full_name} onRemoved={onRemoved} />
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          {comparison.is_self ? null : (
            <Link to={`/leagues/${leagueId}/compare/${member.user_id}`} className={buttonClasses('secondary', 'sm')}>
              {t('compare:compare')}
            </Link>
          )}
          <Link to={`/leagues/${leagueId}/player/${encodeURIComponent(member.username)}`} className={buttonClasses('primary', 'sm')}>
            {t('modal.viewProfile')}
          </Link>
        </div>
      </div>
    </div>
  );
}

function RemoveMemberButton({ leagueId, userId, name, onRemoved }: { leagueId: number; userId: number; name: string; onRemoved: () => void }) {
  const { t } = useTranslation('leagues');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveMember(leagueId);
  const toast = useToast();
  if (!confirming) {
    return (
      <Button variant="ghost" size="sm" className="text-danger!" onClick={() => setConfirming(true)}>
        {t('modal.remove')}
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      <div className="flex gap-2">
        <Button
          variant="danger"
          size="sm"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(userId, {
              onSuccess: (answer) => {
                toast.show(answer?.message ?? t('modal.removed', { name }), 'success');
                onRemoved();
              },
              onError: (failure) => setError(getServerMessage(failure) ?? t('modal.removeFailed')),
            })
          }
        >
          {t('modal.confirmRemove')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
          {t('shared.cancel')}
        </Button>
      </div>
    </div>
  );
}
