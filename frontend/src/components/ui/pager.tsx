import { ArrowLeftIcon, ArrowRightIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { pageWindow } from '@/lib/page-window';
import { useFormatNumber } from '@/lib/settings/use-format-number';

/** What the pager says; each screen words it for what it pages through. */
export interface PagerLabels {
  /** The navigation landmark's name, e.g. "Member pages". */
  nav: string;
  previous: string;
  next: string;
  page: (page: number) => string;
}

/** Previous, up to 5 page buttons around the current page, Next; hidden for a single page. */
export function Pager({
  page,
  totalPages,
  onPageChange,
  labels,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  labels: PagerLabels;
}) {
  const number = useFormatNumber();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="flex flex-wrap items-center justify-center gap-1.5">
      <Button variant="secondary" size="sm" icon={<ArrowLeftIcon size={16} />} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {labels.previous}
      </Button>
      {pageWindow(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onPageChange(n)}
          aria-label={labels.page(n)}
          aria-current={n === page ? 'page' : undefined}
          className={cn(
            'grid h-9 min-w-9 place-items-center rounded-xl px-2 text-sm font-semibold tabular-nums transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
            n === page ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
          )}
        >
          {number(n)}
        </button>
      ))}
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        {labels.next}
        <ArrowRightIcon size={16} />
      </Button>
    </nav>
  );
}
