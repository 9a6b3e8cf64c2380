import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { ChevronDownIcon, CloseIcon } from './icons';
import { inputClasses, Label } from './field';
import { Skeleton } from './skeleton';

/** How long the list stays open after the input loses focus (spec: 200 ms). */
export const COMBOBOX_CLOSE_DELAY_MS = 200;

export interface ComboboxProps<T> {
  label: string;
  inputValue: string;
  onInputChange: (text: string) => void;
  options: readonly T[];
  getOptionKey: (option: T) => string | number;
  getOptionLabel: (option: T) => string;
  renderOption?: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  selectedKey?: string | number | null;
  onOpenChange?: (open: boolean) => void;
  /** Replaces the list when set (e.g. 'Type to search', an error). */
  message?: ReactNode;
  /** A muted line shown above the list (e.g. a search tip). */
  header?: ReactNode;
  /** Shown in place of the list while nothing matches. */
  emptyText?: string;
  loading?: boolean;
  placeholder?: string;
  disabled?: boolean;
  hint?: ReactNode;
  /** Shown inside the input on the left (a flag, a club badge). */
  leading?: ReactNode;
  onClear?: () => void;
  id?: string;
  /** Marks the input invalid (aria-invalid); say why in `hint`, which the input is described by. */
  invalid?: boolean;
}

/** A searchable select following the WAI-ARIA combobox pattern. */
export function Combobox<T>({
  label,
  inputValue,
  onInputChange,
  options,
  getOptionKey,
  getOptionLabel,
  renderOption,
  onSelect,
  selectedKey,
  onOpenChange,
  message,
  header,
  emptyText,
  loading = false,
  placeholder,
  disabled,
  hint,
  leading,
  onClear,
  id,
  invalid,
}: ComboboxProps<T>) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = id ?? autoId;
  const listId = `${inputId}-listbox`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const [open, setOpenState] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
    if (!next) setActiveIndex(-1);
  };

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (activeIndex < 0) return;
    const el = listRef.current?.children[activeIndex] as HTMLElement | undefined;
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };

  const choose = (option: T) => {
    cancelClose();
    onSelect(option);
    setOpen(false);
  };

  const showList = open && !message && !loading && options.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length > 0) setActiveIndex((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length > 0) setActiveIndex((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      if (open && showList && activeIndex >= 0 && activeIndex < options.length) {
        event.preventDefault();
        choose(options[activeIndex]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      }
    }
  };

  const activeId = showList && activeIndex >= 0 ? `${listId}-option-${activeIndex}` : undefined;

  return (
    <div>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative">
        {leading ? (
          <div className="pointer-events-none absolute inset-y-0 left-3 flex items-center" aria-hidden="true">
            {leading}
          </div>
        ) : null}
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={activeId}
          aria-describedby={hintId}
          aria-invalid={invalid ? true : undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={inputValue}
          onChange={(event) => {
            onInputChange(event.target.value);
            setActiveIndex(-1);
            if (!open) setOpen(true);
          }}
          onFocus={() => {
            cancelClose();
            setOpen(true);
          }}
          onClick={() => {
            if (!open) setOpen(true);
          }}
          onBlur={() => {
            cancelClose();
            closeTimer.current = setTimeout(() => setOpen(false), COMBOBOX_CLOSE_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
          className={cn(inputClasses, leading ? 'pl-12' : undefined, 'pr-16')}
        />
        <div className="absolute inset-y-0 right-1.5 flex items-center gap-0.5">
          {onClear && inputValue ? (
            <button
              type="button"
              onClick={onClear}
              aria-label={t('ui.clearSelection')}
              className="grid size-8 place-items-center rounded-lg text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
            >
              <CloseIcon size={14} />
            </button>
          ) : null}
          <ChevronDownIcon
            size={16}
            className={cn('mr-2 text-muted transition-transform', open && 'rotate-180')}
          />
        </div>

        {open ? (
          <div
            className="absolute top-full z-30 mt-2 w-full overflow-hidden rounded-2xl border border-line bg-surface shadow-card animate-fade-in"
            onMouseDown={(event) => event.preventDefault()}
          >
            {header && !message ? (
              <p className="border-b border-line px-4 py-2.5 text-xs font-medium text-muted">{header}</p>
            ) : null}
            {message ? (
              <p className="px-4 py-3.5 text-sm text-muted">{message}</p>
            ) : loading ? (
              <div className="space-y-2 p-3" role="status" aria-label={t('ui.loading')}>
                <Skeleton className="h-9" />
                <Skeleton className="h-9" />
                <Skeleton className="h-9 w-4/5" />
              </div>
            ) : options.length === 0 ? (
              <p className="px-4 py-3.5 text-sm text-muted">{emptyText ?? t('ui.noResults')}</p>
            ) : (
              <ul ref={listRef} id={listId} role="listbox" aria-label={t('ui.suggestions')} className="max-h-72 overflow-y-auto p-1.5">
                {options.map((option, index) => {
                  const key = getOptionKey(option);
                  const selected = selectedKey !== undefined && selectedKey !== null && key === selectedKey;
                  return (
                    <li
                      key={key}
                      id={`${listId}-option-${index}`}
                      role="option"
                      aria-selected={selected}
                      onClick={() => choose(option)}
                      onMouseEnter={() => setActiveIndex(index)}
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-sm text-fg',
                        index === activeIndex && 'bg-surface-2',
                        selected && 'font-semibold text-accent',
                      )}
                    >
                      {renderOption ? renderOption(option) : getOptionLabel(option)}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
