import { cn } from '@/lib/cn';

/** The Scoreline mark: a ball on a pitch-green tile, with the wordmark. */
export function Logo({ className, showWordmark = true }: { className?: string; showWordmark?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="9" fill="var(--app-primary)" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="var(--app-primary-fg)" strokeWidth="2" />
        <path d="M16 11.2l4.2 3-1.6 4.9h-5.2l-1.6-4.9z" fill="var(--app-primary-fg)" />
        <path
          d="M16 11.2V7M20.2 14.2l4-1.3M18.6 19.1l2.5 3.4M13.4 19.1l-2.5 3.4M11.8 14.2l-4-1.3"
          stroke="var(--app-primary-fg)"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      {showWordmark ? (
        <span className="font-display text-lg font-extrabold tracking-tight text-fg">
          Score<span className="text-accent">line</span>
        </span>
      ) : null}
    </span>
  );
}
