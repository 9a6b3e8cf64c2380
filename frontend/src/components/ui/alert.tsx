import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons';

type AlertTone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<AlertTone, string> = {
  error: 'border-danger-line bg-danger-soft text-danger',
  success: 'border-success-line bg-success-soft text-success',
  info: 'border-line bg-info-soft text-info',
  warning: 'border-line bg-warning-soft text-warning',
};

/** An inline message box: errors are announced assertively, others politely. */
export function Alert({ tone = 'error', children, className }: { tone?: AlertTone; children: ReactNode; className?: string }) {
  const Icon = tone === 'success' ? CheckCircleIcon : tone === 'error' ? AlertIcon : InfoIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm font-medium animate-fade-in', tones[tone], className)}
    >
      <Icon size={18} className="mt-px shrink-0" />
      <div className="min-w-0 space-y-1">{children}</div>
    </div>
  );
}
