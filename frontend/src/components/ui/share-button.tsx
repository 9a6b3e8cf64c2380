import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { absoluteUrl, shareOrCopy } from '@/lib/share-link';

function ShareIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

/** Shares a league's invite link: the share sheet where the device has one, a copied link otherwise. */
export function ShareInviteButton({ path, leagueName }: { path: string; leagueName: string }) {
  const { t } = useTranslation('invites');
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={<ShareIcon />}
      onClick={async () => {
        const outcome = await shareOrCopy({
          url: absoluteUrl(path),
          title: t('share.shareTitle', { name: leagueName }),
          text: t('share.shareText', { name: leagueName }),
        });
        if (outcome === 'copied') toast.show(t('share.copied'), 'success');
        if (outcome === 'failed') toast.show(t('share.failed'), 'error');
      }}
    >
      {t('share.share')}
    </Button>
  );
}
