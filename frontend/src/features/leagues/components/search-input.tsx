import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** A search box with a magnifier, a hidden-but-present label and a clear button. */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const { t } = useTranslation('leagues');
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className={cn(inputClasses, 'pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden')}
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('shared.clearSearch')}
          className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
        >
          <CloseIcon size={14} />
        </button>
      ) : null}
    </div>
  );
}
