import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';

/** A round initials avatar (there are no pictures); the current user's is pitch green. */
export function Avatar({
  name,
  initials,
  highlighted = false,
  size = 'md',
}: {
  name?: string | null;
  initials?: string | null;
  highlighted?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const dimensions = {
    sm: 'size-8 text-[11px]',
    md: 'size-10 text-xs',
    lg: 'size-14 text-base',
    xl: 'size-20 text-2xl',
  }[size];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid shrink-0 place-items-center rounded-full font-bold',
        highlighted ? 'bg-primary text-primary-fg' : 'bg-surface-3 text-fg',
        dimensions,
      )}
    >
      {(initials || initialsOf(name)).slice(0, 3)}
    </span>
  );
}
