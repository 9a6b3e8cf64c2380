import { useId, type TextareaHTMLAttributes } from 'react';
import { inputClasses, Label } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** A labelled multi-line input with an optional character counter. */
export function TextareaField({
  label,
  value,
  maxChars,
  hint,
  className,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> & {
  label: string;
  value: string;
  maxChars?: number;
  hint?: string;
}) {
  const id = useId();
  const counterId = `${id}-counter`;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        value={value}
        rows={3}
        aria-describedby={maxChars !== undefined || hint ? counterId : undefined}
        className={cn(inputClasses, 'h-auto resize-y py-2.5 leading-relaxed')}
        {...props}
      />
      <div id={counterId} className="mt-1.5 flex justify-between gap-3 text-xs text-muted">
        <span>{hint}</span>
        {maxChars !== undefined ? (
          <span className={cn('tabular-nums', value.length > maxChars && 'text-danger')}>
            {value.length}/{maxChars}
          </span>
        ) : null}
      </div>
    </div>
  );
}
