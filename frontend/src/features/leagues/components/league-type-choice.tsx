import type { ReactNode } from 'react';
import type { UserLeagueKind } from '@scoreline/contracts/api/leagues';
import { cn } from '@/lib/cn';

export interface LeagueTypeOption {
  value: UserLeagueKind;
  title: string;
  description: string;
  icon: ReactNode;
}

/** A radio group drawn as two cards (private / public). */
export function LeagueTypeChoice({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: UserLeagueKind;
  onChange: (value: UserLeagueKind) => void;
  options: readonly LeagueTypeOption[];
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-fg">{legend}</legend>
      <div className="grid gap-2.5 sm:grid-cols-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                checked ? 'border-primary bg-primary-soft' : 'border-line bg-surface-2 hover:border-muted/60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              <span className={cn('mt-0.5 shrink-0', checked ? 'text-accent' : 'text-muted')} aria-hidden="true">
                {option.icon}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-fg">{option.title}</span>
                <span className="mt-0.5 block text-xs text-muted">{option.description}</span>
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'ml-auto grid size-5 shrink-0 place-items-center rounded-full border-2',
                  checked ? 'border-primary' : 'border-line',
                )}
              >
                {checked ? <span className="size-2.5 rounded-full bg-primary" /> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
