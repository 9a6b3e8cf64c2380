import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

function CopyIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}

/** The invite code in a monospace pill with a copy icon that shows a tick for 1.5 s. */
export function InviteCode({ code, className }: { code: string; className?: string }) {
  const { t } = useTranslation('leagues');
  const { copied, copy } = useCopyToClipboard();
  const toast = useToast();
  return (
    <div className={cn('inline-flex items-center gap-1 rounded-xl border border-line bg-surface-2 py-1 pr-1 pl-3', className)}>
      <span className="sr-only">{t('shared.inviteCode')}</span>
      <code className="font-mono text-base font-bold tracking-[0.2em] text-fg">{code}</code>
      <button
        type="button"
        onClick={async () => {
          const ok = await copy(code);
          if (!ok) toast.show(t('copy.failed'), 'error');
        }}
        aria-label={copied ? t('copy.copiedLabel') : t('copy.copyLabel')}
        className={cn(
          'grid size-9 place-items-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-focus',
          copied ? 'text-success' : 'text-muted hover:bg-surface-3 hover:text-fg',
        )}
      >
        {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
      </button>
      <span aria-live="polite" className="sr-only">
        {copied ? t('copy.copied') : ''}
      </span>
    </div>
  );
}
