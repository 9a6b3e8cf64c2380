import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A disclosure menu: a trigger button toggles a panel that closes on Escape, on a click
 * outside and when something inside asks it to (render-prop `close`).
 */
export function Dropdown({
  buttonLabel,
  buttonContent,
  buttonClassName,
  children,
  align = 'right',
  panelClassName,
}: {
  buttonLabel: string;
  buttonContent: ReactNode;
  buttonClassName?: string;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
  panelClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
        className={buttonClassName}
      >
        {buttonContent}
      </button>
      {open ? (
        <div
          id={panelId}
          className={cn(
            'absolute top-full z-40 mt-2 min-w-56 overflow-hidden rounded-2xl border border-line bg-surface p-1.5 shadow-card animate-slide-up',
            align === 'right' ? 'right-0' : 'left-0',
            panelClassName,
          )}
        >
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

export const dropdownItemClasses =
  'flex w-full items-center gap-2.5 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-fg hover:bg-surface-2 ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus';
