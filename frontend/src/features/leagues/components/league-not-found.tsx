import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { getServerMessage } from '@/lib/api-error';

const LEAGUE_NOT_FOUND_TEXT = 'Unable to load league details. The league may not exist or you may not have access.';

/** A league that does not exist or is closed to the viewer: the server's reason (or ours) and a way back. */
export function LeagueNotFound({ error }: { error: unknown }) {
  return (
    <Card>
      <ErrorState
        title="League Not Found"
        message={getServerMessage(error) || LEAGUE_NOT_FOUND_TEXT}
        action={
          <Link to="/leagues" className={buttonClasses('primary')}>
            Back to Leagues
          </Link>
        }
      />
    </Card>
  );
}
