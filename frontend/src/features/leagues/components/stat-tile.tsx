import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A small stat card: label, a big tabular number and an optional caption. */
export function StatTile({
  label,
  value,
  caption,
  icon,
  className,
  children,
}: {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card className={cn('p-4 sm:p-5', className)}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
        {icon ? (
          <span className="text-accent" aria-hidden="true">
            {icon}
          </span>
        ) : null}
      </div>
      <p className="mt-2 font-display text-2xl font-extrabold tracking-tight text-fg tabular-nums sm:text-3xl">{value}</p>
      {caption ? <p className="mt-1 text-xs text-muted">{caption}</p> : null}
      {children}
    </Card>
  );
}
