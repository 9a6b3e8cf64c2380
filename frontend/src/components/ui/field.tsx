import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { EyeIcon, EyeOffIcon } from './icons';

export const inputClasses =
  'block w-full h-11 rounded-xl border border-line bg-surface-2 px-3.5 text-[15px] text-fg placeholder:text-muted/80 ' +
  'transition-colors hover:border-muted/60 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary/40 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger-line';

export function Label({ htmlFor, children, className }: { htmlFor: string; children: ReactNode; className?: string }) {
  return (
    <label htmlFor={htmlFor} className={cn('mb-1.5 block text-sm font-medium text-fg', className)}>
      {children}
    </label>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  /** Shown under the label, right aligned (e.g. a forgot-password link). */
  labelAction?: ReactNode;
  id?: string;
  /** Content rendered inside the input on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, labelAction, id, trailing, className, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAction}
      </div>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-describedby={hintId}
          className={cn(inputClasses, trailing ? 'pr-12' : undefined)}
          {...props}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
});

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('ui.hidePassword') : t('ui.showPassword')}
          aria-pressed={visible}
          className="grid size-10 place-items-center rounded-lg text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
}

export function Checkbox({
  label,
  className,
  id,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-4.5 shrink-0 cursor-pointer rounded accent-[var(--app-primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        {...props}
      />
      <label htmlFor={inputId} className="cursor-pointer text-sm text-muted select-none">
        {label}
      </label>
    </div>
  );
}

export function SelectField({
  label,
  options,
  hint,
  id,
  className,
  ...props
}: Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  hint?: ReactNode;
  id?: string;
}) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <Label htmlFor={selectId}>{label}</Label>
      <select id={selectId} className={cn(inputClasses, 'cursor-pointer appearance-auto pr-8')} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? <p className="mt-1.5 text-xs text-muted">{hint}</p> : null}
    </div>
  );
}
