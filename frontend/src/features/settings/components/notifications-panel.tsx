import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '@scoreline/contracts/api/preferences';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { notificationSettingsAtom } from '@/lib/settings/notification-settings.atom';
import { useSavePreferences } from '../hooks/use-preferences';
import { PushDeviceSwitch } from './push-device-switch';

/** In this order; their texts are notifications.items.<key>. */
const ITEMS: ReadonlyArray<keyof NotificationSettings> = ['gameweekDeadlines', 'leagueUpdates', 'matchResults', 'weeklyDigest'];

export function NotificationsPanel() {
  const { t } = useTranslation('settings');
  const settings = useAtomValue(notificationSettingsAtom);
  const save = useSavePreferences();
  return (
    <Card>
      <CardHeader title={t('notifications.title')} description={t('notifications.description')} />
      <CardBody className="pt-2 sm:pt-2">
        <div className="divide-y divide-line">
          {ITEMS.map((item) => (
            <Switch
              key={item}
              label={t(`notifications.items.${item}.label`)}
              description={t(`notifications.items.${item}.description`)}
              checked={settings[item]}
              onChange={(checked) => save({ notifications: { [item]: checked } })}
            />
          ))}
          <PushDeviceSwitch />
        </div>
      </CardBody>
    </Card>
  );
}
