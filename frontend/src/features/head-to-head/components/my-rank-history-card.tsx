import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyRankHistory } from '../api/get-rank-history';
import { RankHistoryBody, RankHistoryFrame } from './rank-history-card';

/** The dashboard's rank-over-time card: the viewer's history, one league at a time. */
export function MyRankHistoryCard() {
  const { t } = useTranslation('compare');
  const query = useMyRankHistory();
  const [chosen, setChosen] = useState<number | null>(null);
  const leagues = query.data?.leagues ?? [];
  // The first league with a history (global first) unless the viewer picked one.
  const selected = leagues.find((l) => l.league.id === chosen) ?? leagues.find((l) => l.history.length > 0) ?? leagues[0];
  const picker =
    leagues.length > 1 ? (
      <label className="flex items-center gap-2 text-sm text-muted">
        {t('rank.league')}
        <select
          className="max-w-48 rounded-lg border border-line bg-surface-2 px-2 py-1.5 text-sm text-fg"
          value={selected?.league.id ?? ''}
          onChange={(e) => setChosen(Number(e.target.value))}
        >
          {leagues.map((l) => (
            <option key={l.league.id} value={l.league.id}>
              {l.league.name}
            </option>
          ))}
        </select>
      </label>
    ) : undefined;
  return (
    <RankHistoryFrame action={picker}>
      <RankHistoryBody
        history={selected ?? (query.isSuccess ? { league: { id: 0, name: '', type: '' }, user_id: 0, history: [], best: null, worst: null } : undefined)}
        isPending={query.isPending}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
      />
    </RankHistoryFrame>
  );
}
