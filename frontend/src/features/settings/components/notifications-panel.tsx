import { useAtomValue } from 'jotai';
import type { NotificationSettings } from '@contracts/api/preferences';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { notificationSettingsAtom } from '../atoms/notification-settings.atom';
import { useSavePreferences } from '../hooks/use-preferences';

const ITEMS: ReadonlyArray<{ key: keyof NotificationSettings; label: string; description: string }> = [
  { key: 'gameweekDeadlines', label: 'Gameweek deadlines', description: 'A reminder before the first kick-off locks your predictions.' },
  { key: 'leagueUpdates', label: 'League updates', description: 'Join requests, new members and rank changes in your leagues.' },
  { key: 'matchResults', label: 'Match results', description: 'Full-time scores and the points you earned, match by match.' },
  { key: 'weeklyDigest', label: 'Weekly digest', description: 'One email a week with your gameweek summary.' },
];

export function NotificationsPanel() {
  const settings = useAtomValue(notificationSettingsAtom);
  const save = useSavePreferences();
  return (
    <Card>
      <CardHeader title="Notifications" description="Choose what we email you about. Saved to your account." />
      <CardBody className="pt-2 sm:pt-2">
        <div className="divide-y divide-line">
          {ITEMS.map((item) => (
            <Switch
              key={item.key}
              label={item.label}
              description={item.description}
              checked={settings[item.key]}
              onChange={(checked) => save({ notifications: { [item.key]: checked } })}
            />
          ))}
        </div>
      </CardBody>
    </Card>
  );
}
