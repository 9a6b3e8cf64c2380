import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/pager';

/** The shared pager, worded for the leagues screens. */
export function LeaguesPager({ page, totalPages, onPageChange, label }: { page: number; totalPages: number; onPageChange: (page: number) => void; label: string }) {
  const { t } = useTranslation('leagues');
  return (
    <Pager
      page={page}
      totalPages={totalPages}
      onPageChange={onPageChange}
      labels={{ nav: label, previous: t('pager.previous'), next: t('pager.next'), page: (n) => t('pager.page', { page: n }) }}
    />
  );
}
