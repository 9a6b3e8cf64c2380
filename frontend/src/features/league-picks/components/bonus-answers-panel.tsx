import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeagueBonusAnswer, LeagueBonusAnswers, LeagueBonusQuestion, LeagueBonusRow } from '@scoreline/contracts/api/bonus';
import type { BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { inputClasses } from '@/components/ui/field';
import { CheckIcon, CloseIcon, LockIcon, SearchIcon, StarIcon } from '@/components/ui/icons';
import { Pager } from '@/components/ui/pager';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { MemberCells } from './member-cells';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSearchPage } from '@/hooks/use-search-page';
import { cn } from '@/lib/cn';
import { formatDeadline } from '@/lib/format';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { useLeagueBonus } from '../api/get-league-bonus';

export const BONUS_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

/**
 * The league's view of the competition's bonus answers: before the first kick-off the caller's own
 * answers and when everyone's appear; from it on, every member's answers in the table's order with
 * right and wrong marks and points once a question is settled.
 */
export function BonusAnswersPanel({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation('picks');
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useSearchPage(search);
  const bonus = useLeagueBonus(leagueId, { page, page_size: BONUS_PAGE_SIZE, search });
  const id = useId();

  const data = bonus.data;
  return (
    <Card className="overflow-hidden" role="region" aria-labelledby={`${id}-title`}>
      <CardHeader
        title={<span id={`${id}-title`}>{t('bonus.title')}</span>}
        description={data ? t('bonus.description', { season: data.season_name }) : t('bonus.descriptionLoading')}
        action={
          data?.revealed ? (
            <div className="relative w-full sm:w-64">
              <label htmlFor={`${id}-search`} className="sr-only">
                {t('bonus.searchLabel')}
              </label>
              <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" aria-hidden="true" />
              <input
                id={`${id}-search`}
                type="search"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder={t('search.placeholder')}
                className={cn(inputClasses, 'h-10 pl-9')}
              />
            </div>
          ) : null
        }
      />
      <div className="mt-4">
        {bonus.isError ? (
          <ErrorState title={t('bonus.loadError')} onRetry={() => void bonus.refetch()} retryLabel={t('panel.retry')} />
        ) : !data ? (
          <LoadingRegion label={t('bonus.loading')} className="space-y-3 px-5 pb-6 sm:px-6">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </LoadingRegion>
        ) : data.revealed ? (
          <Revealed data={data} page={page} onPage={setPage} searching={search !== ''} />
        ) : (
          <Hidden data={data} />
        )}
      </div>
    </Card>
  );
}

/** Before the first kick-off: when everyone's answers appear, and the caller's own. */
function Hidden({ data }: { data: LeagueBonusAnswers }) {
  const { t } = useTranslation('picks');
  const display = useDateDisplay();
  const time = data.revealed_at ? formatDeadline(data.revealed_at, display) : null;
  return (
    <>
      <EmptyState
        icon={<LockIcon size={22} />}
        title={t('bonus.hiddenTitle')}
        description={time ? t('bonus.hiddenAt', { time }) : t('bonus.hiddenNoTime')}
        className="pb-4"
      />
      <section aria-labelledby="bonus-mine-title" className="mx-5 mb-6 rounded-xl border border-line bg-surface-2 p-4 sm:mx-6">
        <h3 id="bonus-mine-title" className="text-sm font-semibold text-fg">
          {t('bonus.yourAnswers')}
        </h3>
        {data.my_answers.length === 0 ? (
          <p className="mt-1 text-sm text-muted">{t('bonus.noAnswersYet')}</p>
        ) : (
          <dl className="mt-2 grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
            {data.questions.map((q) => {
              const mine = data.my_answers.find((a) => a.question === q.key);
              return (
                <div key={q.key} className="contents">
                  <dt className="text-muted">{t(`bonus.question.${q.key}`)}</dt>
                  <dd className="font-medium text-fg">{mine ? mine.label : <span className="text-muted">{t('bonus.noAnswer')}</span>}</dd>
                </div>
              );
            })}
          </dl>
        )}
      </section>
    </>
  );
}

/** From the first kick-off on: the members' answers, a page at a time. */
function Revealed({ data, page, onPage, searching }: { data: LeagueBonusAnswers; page: number; onPage: (page: number) => void; searching: boolean }) {
  const { t } = useTranslation('picks');
  if (data.rows.length === 0) {
    return searching ? (
      <p className="px-5 pb-6 text-sm text-muted sm:px-6">{t('panel.noMembers')}</p>
    ) : (
      <EmptyState icon={<StarIcon size={22} />} title={t('bonus.emptyTitle')} />
    );
  }
  return (
    <>
      <Table caption={t('bonus.caption')} data-testid="bonus-answers">
        <THead>
          <tr>
            <TH className="w-12">{t('grid.rank')}</TH>
            <TH className="min-w-36">{t('grid.member')}</TH>
            {data.questions.map((q) => (
              <QuestionHead key={q.key} question={q} />
            ))}
            <TH className="text-right">{t('grid.points')}</TH>
          </tr>
        </THead>
        <TBody>
          {data.rows.map((row) => (
            <AnswersRow key={row.user_id} leagueId={data.league_id} row={row} questions={data.questions} />
          ))}
        </TBody>
      </Table>
      <div className="px-5 py-4 sm:px-6">
        <Pager
          page={page}
          totalPages={data.total_pages}
          onPageChange={onPage}
          labels={{ nav: t('bonus.pager'), previous: t('pager.previous'), next: t('pager.next'), page: (n) => t('pager.page', { page: n }) }}
        />
      </div>
    </>
  );
}

function QuestionHead({ question }: { question: LeagueBonusQuestion }) {
  const { t } = useTranslation('picks');
  const right = question.right_answers;
  return (
    <TH className="min-w-32 normal-case tracking-normal">
      <span className="block uppercase tracking-wide">{t(`bonus.question.${question.key}`)}</span>
      <span className="block text-xs font-normal text-muted">
        {right ? t('bonus.rightAnswer', { answer: right.map((r) => r.label).join(', ') }) : t('bonus.notSettled')}
      </span>
    </TH>
  );
}

function AnswersRow({ leagueId, row, questions }: { leagueId: number; row: LeagueBonusRow; questions: LeagueBonusQuestion[] }) {
  const number = useFormatNumber();
  const byQuestion = new Map<BonusQuestionKey, LeagueBonusAnswer>(row.answers.map((a) => [a.question, a]));
  const settled = questions.some((q) => q.right_answers !== null);
  return (
    <TR highlighted={row.is_current_user} aria-current={row.is_current_user ? 'true' : undefined} data-testid={`bonus-row-${row.user_id}`}>
      <MemberCells leagueId={leagueId} row={row} />
      {questions.map((q) => (
        <AnswerCell key={q.key} answer={byQuestion.get(q.key)} />
      ))}
      <TD className="text-right font-display font-bold" data-testid="bonus-points">
        {settled ? number(row.points) : <span className="font-normal text-muted">–</span>}
      </TD>
    </TR>
  );
}

function AnswerCell({ answer }: { answer: LeagueBonusAnswer | undefined }) {
  const { t } = useTranslation('picks');
  if (!answer) return <TD className="text-muted">{t('bonus.noAnswer')}</TD>;
  const right = answer.points !== null && answer.points > 0;
  const wrong = answer.points === 0;
  return (
    <TD>
      <span className={cn('inline-flex items-center gap-1.5 font-medium', right && 'text-success')}>
        {right ? <CheckIcon size={14} /> : null}
        {wrong ? <CloseIcon size={14} className="text-danger" /> : null}
        {answer.label}
      </span>
      {answer.points !== null ? (
        <span className="block text-xs text-muted">
          <span className="sr-only">{right ? t('bonus.right') : t('bonus.wrong')}, </span>
          {t('grid.pickPoints', { count: answer.points })}
        </span>
      ) : null}
    </TD>
  );
}
