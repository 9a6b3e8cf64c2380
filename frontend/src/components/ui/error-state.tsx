import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { AlertIcon } from './icons';

export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel,
  action,
  className,
}: {
  title: string;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  action?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={cn('flex flex-col items-center px-6 py-10 text-center', className)}>
      <div className="mb-4 grid size-12 place-items-center rounded-2xl bg-danger-soft text-danger" aria-hidden="true">
        <AlertIcon size={22} />
      </div>
      <h3 className="text-base font-semibold text-fg">{title}</h3>
      {message ? <p className="mt-1.5 max-w-sm text-sm text-muted">{message}</p> : null}
      {onRetry || action ? (
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {retryLabel ?? t('ui.tryAgain')}
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}
