import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * A small stat card: label, a big tabular number and an optional caption, icon or extra content.
 * `highlight` marks the headline figure of a row; `size="lg"` is for the dashboard-style headline rows.
 */
export function StatCard({
  label,
  value,
  caption,
  icon,
  highlight,
  size = 'md',
  className,
  children,
}: {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: ReactNode;
  highlight?: boolean;
  size?: 'md' | 'lg';
  className?: string;
  children?: ReactNode;
}) {
  const labelText = <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>;
  return (
    <Card className={cn('p-4 sm:p-5', highlight && 'border-primary/40 bg-primary-soft', className)}>
      {icon ? (
        <div className="flex items-center justify-between gap-2">
          {labelText}
          <span className="text-accent" aria-hidden="true">
            {icon}
          </span>
        </div>
      ) : (
        labelText
      )}
      <p
        className={cn(
          'mt-2 font-display font-extrabold tabular-nums',
          size === 'lg' ? 'text-3xl sm:text-4xl' : 'text-2xl tracking-tight sm:text-3xl',
          highlight ? 'text-accent' : 'text-fg',
        )}
      >
        {value}
      </p>
      {caption ? <p className="mt-1 text-xs text-muted">{caption}</p> : null}
      {children}
    </Card>
  );
}
