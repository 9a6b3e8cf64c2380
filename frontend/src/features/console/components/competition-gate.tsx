import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { TrophyIcon } from '@/components/ui/icons';
import { useCompetitions } from '@/lib/api/get-competitions';
import { PanelError, PanelLoading } from './panel-states';

/**
 * The competition a panel works on, chosen among those being played (GET /competitions/):
 * `value`, else the first. Its children get the competition once the list is in.
 */
export function CompetitionGate({
  value,
  onChange,
  children,
}: {
  value: string | null;
  onChange: (code: string) => void;
  children: (competition: Competition) => ReactNode;
}) {
  const { t } = useTranslation('console');
  const competitions = useCompetitions();
  if (competitions.isPending) return <PanelLoading label={t('competition.loading')} rows={2} />;
  if (competitions.isError) return <PanelError title={t('competition.loadError')} error={competitions.error} onRetry={() => void competitions.refetch()} />;
  const list = competitions.data;
  if (list.length === 0) return <EmptyState icon={<TrophyIcon size={22} />} title={t('competition.none')} description={t('competition.noneText')} />;
  const competition = list.find((c) => c.code === value) ?? list[0];
  return (
    <>
      <SelectField
        label={t('competition.label')}
        value={competition.code}
        onChange={(event) => onChange(event.target.value)}
        options={list.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
        className="mb-5 max-w-sm"
      />
      {children(competition)}
    </>
  );
}
