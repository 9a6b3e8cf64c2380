import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { usePushDevice } from '../hooks/use-push-device';

/** "Push notifications on this device": the per-device opt-in, below the notification switches. */
export function PushDeviceSwitch() {
  const { t } = useTranslation('push');
  const { state, failed, setEnabled } = usePushDevice();
  const usable = state === 'on' || state === 'off' || state === 'working';
  const status =
    state === 'on' ? t('device.on') : state === 'working' || state === 'checking' ? t('device.working') : state === 'denied' ? t('device.denied') : state === 'unsupported' ? t('device.unsupported') : t('device.off');
  return (
    <div data-testid="push-device" data-state={state}>
      {usable ? (
        <Switch label={t('device.title')} description={t('device.description')} checked={state === 'on'} onChange={(on) => void setEnabled(on)} />
      ) : (
        <div className="py-4">
          <p className="text-sm font-medium text-fg">{t('device.title')}</p>
          <p className="mt-0.5 text-sm text-muted">{t('device.description')}</p>
        </div>
      )}
      <p className="pb-4 text-sm text-muted" role="status" aria-live="polite">
        {failed ? <span className="text-danger">{t('device.failed')} </span> : null}
        {status}
      </p>
    </div>
  );
}
