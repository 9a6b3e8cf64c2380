import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { TD } from '@/components/ui/table';
import { useFormatNumber } from '@/lib/settings/use-format-number';

/** A member's first two cells in the league's picks and bonus tables: their rank, and their name linking to their page. */
export function MemberCells({ leagueId, row }: { leagueId: number; row: { rank: number | null; user_id: number; full_name: string; is_current_user: boolean } }) {
  const { t } = useTranslation('picks');
  const number = useFormatNumber();
  return (
    <>
      <TD className="sticky left-0 bg-inherit font-semibold">{row.rank === null ? '–' : number(row.rank)}</TD>
      <TD>
        <Link to={`/leagues/${leagueId}/player/${row.user_id}`} className="font-medium hover:underline focus-visible:outline-2 focus-visible:outline-focus">
          {row.full_name}
        </Link>
        {row.is_current_user ? (
          <Badge tone="primary" className="ml-2">
            {t('grid.you')}
          </Badge>
        ) : null}
      </TD>
    </>
  );
}
