import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * A table that scrolls sideways on narrow screens instead of squashing its columns. Its box is
 * positioned so that absolutely positioned cells' contents (screen-reader-only texts) scroll and
 * clip with it instead of widening the whole page.
 */
export function Table({
  className,
  caption,
  children,
  ...props
}: HTMLAttributes<HTMLTableElement> & { caption?: string }) {
  return (
    <div className="relative overflow-x-auto">
      <table className={cn('w-full min-w-max border-collapse text-sm tabular-nums', className)} {...props}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function THead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead {...props} className={cn('bg-surface-2 text-left text-xs uppercase tracking-wide text-muted', props.className)} />;
}

export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody {...props} className={cn('divide-y divide-line', props.className)} />;
}

export function TR({ className, highlighted, ...props }: HTMLAttributes<HTMLTableRowElement> & { highlighted?: boolean }) {
  return <tr className={cn('transition-colors hover:bg-surface-2/60', highlighted && 'bg-primary-soft', className)} {...props} />;
}

export function TH({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('px-4 py-3 font-semibold first:sticky first:left-0 first:bg-surface-2', className)} {...props} />;
}

export function TD({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 text-fg', className)} {...props} />;
}
