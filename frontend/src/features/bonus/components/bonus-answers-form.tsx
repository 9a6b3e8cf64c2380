import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonBonus, SeasonBonusQuestion } from '@scoreline/contracts/api/bonus';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputClasses, Label, TextField } from '@/components/ui/field';
import { getFieldError, getServerMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { isClosedError, type useSaveBonusAnswers } from '../api/save-bonus-answers';
import { answersOf, draftChanged, draftOf, type BonusDraft } from '../utils/bonus-draft';
import { TopScorerPicker } from './top-scorer-picker';

type SaveMutation = ReturnType<typeof useSaveBonusAnswers>;

function QuestionField({
  bonus,
  question,
  value,
  error,
  onChange,
}: {
  bonus: SeasonBonus;
  question: SeasonBonusQuestion;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('bonus');
  const id = `bonus-${question.key}-${useId()}`;
  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true as const } : {};
  const label = t(`question.${question.key}`);
  const worth = <Badge tone="primary">{t('worth', { count: question.points })}</Badge>;
  const describedBy = [question.answer === 'team' ? null : `${id}-hint`, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  if (question.answer === 'squad_player') {
    // A tournament with squads: a player of them, searched (the picker shows its own error).
    return (
      <li className="px-5 py-5 sm:px-6">
        <TopScorerPicker seasonId={bonus.season_id} label={label} worth={worth} value={value} error={error} onChange={onChange} />
      </li>
    );
  }
  return (
    <li className="px-5 py-5 sm:px-6">
      {question.answer === 'team' ? (
        <>
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor={id}>{label}</Label>
            {worth}
          </div>
          <select
            id={id}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={describedBy}
            {...invalid}
            className={cn(inputClasses, 'cursor-pointer appearance-auto pr-8')}
          >
            <option value="">{t('noAnswer')}</option>
            {bonus.teams.map((team) => (
              <option key={team.id} value={String(team.id)}>
                {team.name}
              </option>
            ))}
          </select>
        </>
      ) : (
        <TextField
          id={id}
          label={label}
          labelAction={worth}
          value={value}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('playerPlaceholder')}
          hint={t('playerHint')}
          onChange={(event) => onChange(event.target.value)}
          // TextField names its hint `${id}-hint`; the error is read after it.
          aria-describedby={describedBy}
          {...invalid}
        />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The questions while they are open: one field each, the saved answers filled in, one Save. */
export function BonusAnswersForm({ bonus, save }: { bonus: SeasonBonus; save: SaveMutation }) {
  const { t } = useTranslation('bonus');
  const [draft, setDraft] = useState<BonusDraft>(() => draftOf(bonus.questions));
  const changed = draftChanged(bonus.questions, draft);
  const failure = save.error;
  const fieldError = (key: string) => (failure ? getFieldError(failure, `answers.${key}`) : undefined);
  const fieldErrors = bonus.questions.some((q) => fieldError(q.key) !== undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(answersOf(bonus.questions, draft), { onSuccess: (saved) => setDraft(draftOf(saved.questions)) });
  };

  let notice = null;
  if (save.isError) {
    const text = isClosedError(failure)
      ? t('save.closed')
      : fieldErrors
        ? t('save.invalid')
        : ((failure ? (getFieldError(failure, 'answers') ?? getServerMessage(failure)) : undefined) ?? t('save.failed'));
    notice = <Alert tone="error">{text}</Alert>;
  } else if (save.isSuccess && !changed) {
    notice = <Alert tone="success">{t('save.saved')}</Alert>;
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Card className="overflow-hidden">
        <ul className="divide-y divide-line">
          {bonus.questions.map((question) => (
            <QuestionField
              key={question.key}
              bonus={bonus}
              question={question}
              value={draft[question.key] ?? ''}
              error={fieldError(question.key)}
              onChange={(value) => setDraft((current) => ({ ...current, [question.key]: value }))}
            />
          ))}
        </ul>
      </Card>
      {notice}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        {changed && !save.isPending ? <p className="text-sm text-muted">{t('save.unsaved')}</p> : null}
        <Button type="submit" size="lg" loading={save.isPending}>
          {save.isPending ? t('save.saving') : t('save.button')}
        </Button>
      </div>
    </form>
  );
}
