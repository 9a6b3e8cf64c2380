import { useTranslation } from 'react-i18next';
import { ChevronRightIcon, ArrowLeftIcon } from '@/components/ui/icons';
import { useFormatNumber } from '@/lib/settings/use-format-number';
import { cn } from '@/lib/cn';
import { pageWindow } from '../utils/page-window';

/** Previous / next and up to 5 page buttons around the current page; hidden with one page. */
export function Pager({
  page,
  totalPages,
  onPageChange,
  label,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const { t } = useTranslation('leagues');
  const number = useFormatNumber();
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages, 5);
  const buttonBase =
    'grid h-9 min-w-9 place-items-center rounded-xl px-2 text-sm font-semibold tabular-nums transition-colors ' +
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label={label ?? t('pager.label')} className="flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        className={cn(buttonBase, 'border border-line bg-surface-2 text-fg hover:bg-surface-3')}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('pager.previous')}
      >
        <ArrowLeftIcon size={16} />
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          onClick={() => onPageChange(p)}
          aria-label={t('pager.page', { page: p })}
          aria-current={p === page ? 'page' : undefined}
          className={cn(buttonBase, p === page ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg')}
        >
          {number(p)}
        </button>
      ))}
      <button
        type="button"
        className={cn(buttonBase, 'border border-line bg-surface-2 text-fg hover:bg-surface-3')}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('pager.next')}
      >
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  );
}
