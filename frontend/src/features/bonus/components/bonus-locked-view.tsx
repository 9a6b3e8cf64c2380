import { useTranslation } from 'react-i18next';
import type { SeasonBonus, SeasonBonusQuestion } from '@scoreline/contracts/api/bonus';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { CheckIcon, ClockIcon, CloseIcon, StarIcon } from '@/components/ui/icons';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { teamName } from '../utils/bonus-draft';

/** An answer as the fan reads it: a team's name for a team id, the name as typed otherwise. */
function useAnswerText(bonus: SeasonBonus) {
  const { t } = useTranslation('bonus');
  return (question: SeasonBonusQuestion, answer: number | string): string =>
    question.answer === 'team' && typeof answer === 'number' ? (teamName(bonus.teams, answer) ?? t('unknownTeam', { id: answer })) : String(answer);
}

/** Right (check, "Right") or wrong (cross, "Wrong") with the points: never colour alone. */
function PointsBadge({ points }: { points: number }) {
  const { t } = useTranslation('bonus');
  const right = points > 0;
  return (
    <Badge tone={right ? 'success' : 'danger'}>
      {right ? <CheckIcon size={12} /> : <CloseIcon size={12} />}
      {right ? t('locked.right') : t('locked.wrong')}
      <span aria-hidden="true">·</span>
      <span className="tabular-nums">{t('locked.points', { count: points })}</span>
    </Badge>
  );
}

function LockedQuestion({ bonus, question }: { bonus: SeasonBonus; question: SeasonBonusQuestion }) {
  const { t } = useTranslation('bonus');
  const answerText = useAnswerText(bonus);
  const title = t(`question.${question.key}`);
  const settled = question.right_answers !== null;
  return (
    <li aria-label={title} className="space-y-3 px-5 py-5 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-fg">{title}</h3>
        {settled && question.my_points !== null ? (
          <PointsBadge points={question.my_points} />
        ) : (
          <Badge tone="neutral">
            <ClockIcon size={12} />
            {t('locked.notSettled')}
          </Badge>
        )}
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{t('locked.yourAnswer')}</dt>
          <dd className="mt-0.5 font-medium text-fg">
            {question.my_answer === null ? <span className="text-muted">{t('noAnswer')}</span> : answerText(question, question.my_answer)}
          </dd>
        </div>
        {question.right_answers !== null ? (
          <div>
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
              {t('locked.rightAnswer', { count: question.right_answers.length })}
            </dt>
            <dd className="mt-0.5 font-medium text-fg">{question.right_answers.map((answer) => answerText(question, answer)).join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {question.settled_by !== null ? <p className="text-xs text-muted">{t(`locked.settledBy.${question.settled_by}`)}</p> : null}
    </li>
  );
}

/** The questions once locked: the fan's answers read-only and, per settled question, the right answers and the points. */
export function BonusLockedView({ bonus, closedNotice }: { bonus: SeasonBonus; closedNotice: boolean }) {
  const { t } = useTranslation('bonus');
  const number = useFormatNumber();
  const settled = bonus.questions.filter((q) => q.right_answers !== null).length;
  return (
    <div className="space-y-4">
      {closedNotice ? <Alert tone="error">{t('save.closed')}</Alert> : null}
      <StatCard
        size="lg"
        highlight
        label={t('locked.total')}
        value={number(bonus.my_points)}
        icon={<StarIcon size={18} />}
        caption={t('locked.settledCount', { settled: number(settled), total: number(bonus.questions.length) })}
      />
      <Card className="overflow-hidden">
        <CardHeader title={t('locked.title')} description={t('locked.text')} className="pb-4 sm:pb-4" />
        <ul className="divide-y divide-line border-t border-line">
          {bonus.questions.map((question) => (
            <LockedQuestion key={question.key} bonus={bonus} question={question} />
          ))}
        </ul>
      </Card>
    </div>
  );
}
