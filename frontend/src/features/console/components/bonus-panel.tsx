import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BonusTeam, SeasonBonus, SeasonBonusQuestion } from '@scoreline/contracts/api/bonus';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/field';
import { StarIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useSeasonBonus, useSettleBonusQuestion } from '../api/season-bonus';
import { formErrorsOf } from '../utils/server-errors';
import { playerRightAnswers } from '../utils/settle-draft';
import { CompetitionGate } from './competition-gate';
import { ConsoleField } from './console-field';
import { PanelError, PanelLoading } from './panel-states';
import { SectionHeading } from './section-heading';

/** Bonus: settle a competition's questions (an operator's answer wins over what the results decide), or take a settlement back. */
export function BonusPanel({ competition, onCompetition }: { competition: string | null; onCompetition: (code: string) => void }) {
  const { t } = useTranslation('console');
  return (
    <section aria-labelledby="console-bonus-heading">
      <SectionHeading id="console-bonus-heading" title={t('bonus.title')} description={t('bonus.description')} />
      <CompetitionGate value={competition} onChange={onCompetition}>
        {(chosen) => <SeasonQuestions key={chosen.code} competition={chosen} />}
      </CompetitionGate>
    </section>
  );
}

function SeasonQuestions({ competition }: { competition: Competition }) {
  const { t } = useTranslation('console');
  const bonus = useSeasonBonus(competition.season.id);
  if (bonus.isPending) return <PanelLoading label={t('bonus.loading')} rows={3} />;
  if (bonus.isError) return <PanelError title={t('bonus.loadError')} error={bonus.error} onRetry={() => void bonus.refetch()} />;
  if (bonus.data.questions.length === 0) return <EmptyState icon={<StarIcon size={22} />} title={t('bonus.empty')} className="rounded-2xl border border-line bg-surface" />;
  return (
    <ul className="space-y-4">
      {bonus.data.questions.map((question) => (
        <li key={question.key}>
          <QuestionCard season={bonus.data} question={question} />
        </li>
      ))}
    </ul>
  );
}

/** The right answers as names: a team by its name, a player as written. */
function answerLabels(question: SeasonBonusQuestion, teams: readonly BonusTeam[]): string[] {
  return (question.right_answers ?? []).map((answer) => (question.answer === 'team' ? (teams.find((team) => String(team.id) === String(answer))?.name ?? String(answer)) : String(answer)));
}

function initialText(question: SeasonBonusQuestion): string {
  if (!question.right_answers) return '';
  return question.answer === 'team' ? String(question.right_answers[0] ?? '') : question.right_answers.map(String).join('\n');
}

function QuestionCard({ season, question }: { season: SeasonBonus; question: SeasonBonusQuestion }) {
  const { t } = useTranslation('console');
  const settle = useSettleBonusQuestion();
  const [value, setValue] = useState(() => initialText(question));
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const labels = answerLabels(question, season.teams);
  const headingId = `console-bonus-${question.key}`;
  const teams = [...season.teams].sort((a, b) => a.name.localeCompare(b.name));

  const send = (body: { right_answers: (number | string)[] } | null) => {
    setNotice(null);
    setError(undefined);
    settle.mutate(
      { seasonId: season.season_id, question: question.key, body },
      {
        onSuccess: () => setNotice(body ? t('bonus.settled') : t('bonus.takenBack')),
        onError: (failure) => {
          const placed = formErrorsOf(failure, ['right_answers']);
          setError(placed.fields.right_answers ?? placed.message ?? t('bonus.failed'));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    if (question.answer === 'team') {
      if (value === '') {
        setError(t('bonus.errors.chooseTeam'));
        return;
      }
      send({ right_answers: [Number(value)] });
      return;
    }
    const names = playerRightAnswers(value);
    if (!names.ok) {
      setError(t(`bonus.errors.${names.problem}`));
      return;
    }
    send({ right_answers: names.names });
  };

  return (
    <Card className="p-4 sm:p-5" role="group" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-fg">
          {t(`bonus.question.${question.key}`)}
        </h3>
        {question.settled_by ? (
          <Badge tone={question.settled_by === 'operator' ? 'primary' : 'success'}>{t(`bonus.settledBy.${question.settled_by}`)}</Badge>
        ) : (
          <Badge>{t('bonus.notSettled')}</Badge>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">{labels.length > 0 ? t('bonus.current', { answers: labels.join(', ') }) : t('bonus.noAnswerYet')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <fieldset disabled={settle.isPending} className="space-y-3">
          {question.answer === 'team' ? (
            <ConsoleField label={t('bonus.rightTeam')} error={error}>
              {(control) => (
                <select {...control} value={value} onChange={(event) => setValue(event.target.value)} className={cn(inputClasses, 'cursor-pointer appearance-auto pr-8')}>
                  <option value="">{t('bonus.chooseTeam')}</option>
                  {teams.map((team) => (
                    <option key={team.id} value={team.id}>
                      {team.name}
                    </option>
                  ))}
                </select>
              )}
            </ConsoleField>
          ) : (
            <ConsoleField label={t('bonus.rightPlayers')} hint={t('bonus.rightPlayersHint')} error={error}>
              {(control) => <textarea {...control} value={value} onChange={(event) => setValue(event.target.value)} rows={3} className={cn(inputClasses, 'h-auto py-2.5')} />}
            </ConsoleField>
          )}
          {notice ? (
            <Alert tone="success">
              <p>{notice}</p>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={settle.isPending}>
              {question.settled_by === 'operator' ? t('bonus.correct') : t('bonus.settle')}
            </Button>
            {question.settled_by === 'operator' ? (
              <Button variant="secondary" onClick={() => send(null)}>
                {t('bonus.takeBack')}
              </Button>
            ) : null}
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
