import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupTable, GroupTableEntry } from '@scoreline/contracts/api/groups';
import { Card, CardHeader } from '@/components/ui/card';
import { Table, TBody, TH, THead } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useFormatNumber } from '@/lib/settings/use-format-number';

/** How many of each group go through: highlighted in every table. */
const THROUGH = 2;

type NumberColumn = 'played' | 'won' | 'drawn' | 'lost' | 'goalsFor' | 'goalsAgainst' | 'goalDifference' | 'points';
const NUMBER_COLUMNS: readonly NumberColumn[] = ['played', 'won', 'drawn', 'lost', 'goalsFor', 'goalsAgainst', 'goalDifference', 'points'];

function valueOf(row: GroupTableEntry, column: NumberColumn): number {
  switch (column) {
    case 'played':
      return row.played;
    case 'won':
      return row.won;
    case 'drawn':
      return row.drawn;
    case 'lost':
      return row.lost;
    case 'goalsFor':
      return row.goals_for;
    case 'goalsAgainst':
      return row.goals_against;
    case 'goalDifference':
      return row.goal_difference;
    case 'points':
      return row.points;
  }
}

/** A goal difference as tables print it: +3, 0, -2. */
function useFormatSigned(): (n: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const format = new Intl.NumberFormat(language, { signDisplay: 'exceptZero' });
    return (n: number) => format.format(n);
  }, [language]);
}

/** A column's short heading on screen, its full name for screen readers (and as a tooltip). */
function ColumnName({ column }: { column: NumberColumn | 'position' }) {
  const { t } = useTranslation('groups');
  const long = t(`columns.${column}.long`);
  return (
    <>
      <abbr title={long} aria-hidden="true" className="no-underline">
        {t(`columns.${column}.short`)}
      </abbr>
      <span className="sr-only">{long}</span>
    </>
  );
}

/** Level with a neighbour on everything the results decide (the note under the table says what that means). */
function TiedMark() {
  const { t } = useTranslation('groups');
  return (
    <span title={t('tiedNote')} className="inline-grid size-4 shrink-0 place-items-center rounded-full bg-warning-soft text-[11px] leading-none font-bold text-warning sm:size-5 sm:text-xs">
      <span aria-hidden="true">=</span>
      <span className="sr-only">{` (${t('tied')})`}</span>
    </span>
  );
}

/** The top places' opaque tint: sticky cells must hide what scrolls under them yet look like their row. */
const THROUGH_TINT = 'bg-[image:linear-gradient(var(--app-primary-soft),var(--app-primary-soft))]';

function GroupTableRow({ row, marksThrough }: { row: GroupTableEntry; marksThrough: boolean }) {
  const { t } = useTranslation('groups');
  const number = useFormatNumber();
  const signed = useFormatSigned();
  const through = marksThrough && row.position <= THROUGH;
  const sticky = cn('sticky bg-surface', through && THROUGH_TINT);
  return (
    <tr data-through={through || undefined} className={cn(through && 'bg-primary-soft')}>
      <td className={cn(sticky, 'left-0 w-8 min-w-8 py-2.5 text-center sm:w-10 sm:min-w-10 font-semibold text-fg', through && 'shadow-[inset_3px_0_0_var(--app-primary)]')}>
        {number(row.position)}
        {through ? <span className="sr-only">{` (${t('throughRow')})`}</span> : null}
      </td>
      <th scope="row" className={cn(sticky, 'left-8 py-2.5 pr-2 text-left font-semibold text-fg sm:left-10 sm:pr-4')}>
        <span className="flex items-center gap-1 sm:gap-1.5">
          <span title={row.team} className="max-w-[6.5rem] truncate sm:max-w-[16rem] lg:max-w-[9rem] xl:max-w-[12rem]">{row.team}</span>
          {row.tied ? <TiedMark /> : null}
        </span>
      </th>
      {NUMBER_COLUMNS.map((column) => (
        <td key={column} className={cn('px-1 py-2.5 text-right sm:px-2.5 lg:px-2', column === 'points' ? 'pr-2.5 font-bold text-fg sm:pr-4' : 'text-muted')}>
          {column === 'goalDifference' ? signed(row.goal_difference) : number(valueOf(row, column))}
        </td>
      ))}
    </tr>
  );
}

/** One group: its name, how many matches are left, and its table (scrolling sideways on a phone, position and team fixed). */
export function GroupTableCard({ group }: { group: GroupTable }) {
  const { t } = useTranslation('groups');
  // Before its first result a group's order is only alphabetical: nobody is going through yet.
  const started = group.rows.some((row) => row.played > 0);
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title={group.name}
        description={group.unfinished > 0 ? t('remaining', { count: group.unfinished }) : t('complete')}
        className="pb-4"
      />
      <Table caption={t('caption', { group: group.name })}>
        <THead>
          <tr>
            <TH className="w-8 min-w-8 px-0! text-center sm:w-10 sm:min-w-10">
              <ColumnName column="position" />
            </TH>
            <TH className="sticky left-8 bg-surface-2 pr-2! pl-0! sm:left-10 sm:pr-4!">{t('columns.team')}</TH>
            {NUMBER_COLUMNS.map((column) => (
              <TH key={column} className={cn('px-1! text-right sm:px-2.5! lg:px-2!', column === 'points' && 'pr-2.5! sm:pr-4!')}>
                <ColumnName column={column} />
              </TH>
            ))}
          </tr>
        </THead>
        <TBody>
          {group.rows.map((row) => (
            <GroupTableRow key={row.team_id} row={row} marksThrough={started} />
          ))}
        </TBody>
      </Table>
      {group.rows.some((row) => row.tied) ? (
        <p className="flex items-start gap-2 border-t border-line px-5 py-3 text-xs text-muted sm:px-6">
          <TiedMark />
          <span>{t('tiedNote')}</span>
        </p>
      ) : null}
    </Card>
  );
}

/** A tournament's group tables, two side by side on a wide screen, with what the highlight and the order mean. */
export function GroupTables({ groups }: { groups: readonly GroupTable[] }) {
  const { t } = useTranslation('groups');
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        {groups.map((group) => (
          <GroupTableCard key={group.name} group={group} />
        ))}
      </div>
      <div className="space-y-1.5 text-xs text-muted">
        <p className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-4 w-5 shrink-0 rounded-sm bg-primary-soft shadow-[inset_3px_0_0_var(--app-primary)]" />
          {t('through')}
        </p>
        <p>{t('tieRule')}</p>
      </div>
    </div>
  );
}
