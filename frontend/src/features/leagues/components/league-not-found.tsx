import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { getServerMessage } from '@/lib/api-error';

/** A league that does not exist or is closed to the viewer: the server's reason (or ours) and a way back. */
export function LeagueNotFound({ error }: { error: unknown }) {
  const { t } = useTranslation('leagues');
  return (
    <Card>
      <ErrorState
        title={t('notFound.title')}
        message={getServerMessage(error) || t('notFound.text')}
        action={
          <Link to="/leagues" className={buttonClasses('primary')}>
            {t('notFound.back')}
          </Link>
        }
      />
    </Card>
  );
}
