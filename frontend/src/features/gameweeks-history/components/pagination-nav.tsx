import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon, ArrowRightIcon } from '@/components/ui/icons';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { pageWindow } from '../utils/pagination';

/** Previous, up to 5 page buttons around the current page, Next; hidden for a single page. */
export function PaginationNav({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('history');
  const number = useFormatNumber();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-center gap-1.5">
      <Button variant="secondary" size="sm" icon={<ArrowLeftIcon size={16} />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      {pageWindow(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onPage(n)}
          aria-label={t('pagination.page', { number: n })}
          aria-current={n === page ? 'page' : undefined}
          className={cn(
            'grid size-9 place-items-center rounded-xl text-sm font-semibold tabular-nums transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
            n === page ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
          )}
        >
          {number(n)}
        </button>
      ))}
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
        <ArrowRightIcon size={16} />
      </Button>
    </nav>
  );
}
