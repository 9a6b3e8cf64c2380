import { useId } from 'react';
import { inputClasses, Label } from '@/components/ui/field';
import { FieldError } from './console-field';

/** Two goal boxes (home, away) under one legend, each with its own error or one for the pair. */
export function GoalsPair({
  legend,
  homeLabel,
  awayLabel,
  home,
  away,
  onHome,
  onAway,
  homeError,
  awayError,
  error,
}: {
  legend: string;
  homeLabel: string;
  awayLabel: string;
  home: string;
  away: string;
  onHome: (value: string) => void;
  onAway: (value: string) => void;
  homeError?: string;
  awayError?: string;
  /** The pair's own error (e.g. extra time below the 90-minute score). */
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const box = (side: 'home' | 'away', label: string, value: string, onChange: (value: string) => void, sideError?: string) => (
    <div className="min-w-0 flex-1">
      <Label htmlFor={`${id}-${side}`}>{label}</Label>
      <input
        id={`${id}-${side}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={99}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={sideError || error ? true : undefined}
        aria-describedby={[sideError ? `${id}-${side}-error` : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
        className={`${inputClasses} tabular-nums`}
      />
      {sideError ? <FieldError id={`${id}-${side}-error`}>{sideError}</FieldError> : null}
    </div>
  );
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-fg">{legend}</legend>
      <div className="flex gap-3">
        {box('home', homeLabel, home, onHome, homeError)}
        {box('away', awayLabel, away, onAway, awayError)}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
