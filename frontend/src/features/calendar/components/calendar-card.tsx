import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { CalendarIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { useCalendarFeed, useRotateCalendarFeed, useUpdateCalendarFeed } from '../api/calendar-feed';

/**
 * "Add to calendar": the webcal:// link (opens the device's calendar app to subscribe) and the
 * https link to copy (for Google Calendar's "From URL"). `full` (Settings) adds the club
 * kick-offs switch and making a new link; the Fixtures screen shows the compact card.
 */
export function CalendarCard({ variant = 'full' }: { variant?: 'full' | 'compact' }) {
  const { t } = useTranslation('invites');
  const feed = useCalendarFeed();
  const update = useUpdateCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const full = variant === 'full';
  const linkId = `calendar-link-${variant}`;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show(t('calendar.copied'), 'success');
    } catch {
      toast.show(t('calendar.copyFailed'), 'error');
    }
  };

  return (
    <Card>
      <CardHeader
        title={
          <span className="inline-flex items-center gap-2">
            <CalendarIcon size={18} aria-hidden="true" />
            {t('calendar.title')}
          </span>
        }
        description={full ? t('calendar.description') : t('calendar.shortDescription')}
      />
      <CardBody className="space-y-4">
        {feed.isPending ? (
          <LoadingRegion>
            <Skeleton className="h-11 w-full" />
          </LoadingRegion>
        ) : feed.isError ? (
          <ErrorState title={t('calendar.loadError')} onRetry={() => feed.refetch()} className="py-4" />
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              <a href={feed.data.webcal_url} className={buttonClasses('primary', 'sm')}>
                {t('calendar.subscribe')}
              </a>
              <Button variant="secondary" size="sm" onClick={() => copy(feed.data.url)}>
                {t('calendar.copy')}
              </Button>
            </div>
            {full ? (
              <>
                <div>
                  <label htmlFor={linkId} className="mb-1.5 block text-sm font-medium text-fg">
                    {t('calendar.linkLabel')}
                  </label>
                  <input
                    id={linkId}
                    readOnly
                    value={feed.data.url}
                    onFocus={(event) => event.currentTarget.select()}
                    className="w-full truncate rounded-xl border border-line bg-surface-2 px-3 py-2 font-mono text-xs text-fg focus-visible:outline-2 focus-visible:outline-focus"
                  />
                </div>
                <Switch
                  label={t('calendar.includeClub')}
                  description={t('calendar.includeClubHint')}
                  checked={feed.data.include_club_kickoffs}
                  onChange={(checked) => update.mutate(checked, { onError: () => toast.show(t('calendar.saveFailed'), 'error') })}
                />
                <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
                  {t('calendar.rotate')}
                </Button>
                <Modal
                  open={confirming}
                  onClose={() => setConfirming(false)}
                  title={t('calendar.rotateTitle')}
                  description={t('calendar.rotateText')}
                  footer={
                    <>
                      <Button variant="secondary" onClick={() => setConfirming(false)}>
                        {t('calendar.cancel')}
                      </Button>
                      <Button
                        loading={rotate.isPending}
                        onClick={() =>
                          rotate.mutate(feed.data.url, {
                            onSuccess: () => {
                              setConfirming(false);
                              toast.show(t('calendar.rotated'), 'success');
                            },
                            onError: () => toast.show(t('calendar.rotateFailed'), 'error'),
                          })
                        }
                      >
                        {t('calendar.rotate')}
                      </Button>
                    </>
                  }
                />
              </>
            ) : null}
          </>
        )}
      </CardBody>
    </Card>
  );
}
