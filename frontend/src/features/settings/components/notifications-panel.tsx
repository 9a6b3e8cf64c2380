import { useAtom } from 'jotai';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { notificationSettingsAtom, type NotificationSettings } from '../atoms/notification-settings.atom';

const ITEMS: ReadonlyArray<{ key: keyof NotificationSettings; label: string; description: string }> = [
  { key: 'gameweekDeadlines', label: 'Gameweek deadlines', description: 'A reminder before the first kick-off locks your predictions.' },
  { key: 'leagueUpdates', label: 'League updates', description: 'Join requests, new members and rank changes in your leagues.' },
  { key: 'matchResults', label: 'Match results', description: 'Full-time scores and the points you earned, match by match.' },
  { key: 'weeklyDigest', label: 'Weekly digest', description: 'One email a week with your gameweek summary.' },
];

export function NotificationsPanel() {
  const [settings, update] = useAtom(notificationSettingsAtom);
  return (
    <Card>
      <CardHeader title="Notifications" description="Choose what we tell you about. Saved on this device." />
      <CardBody className="pt-2 sm:pt-2">
        <div className="divide-y divide-line">
          {ITEMS.map((item) => (
            <Switch
              key={item.key}
              label={item.label}
              description={item.description}
              checked={settings[item.key]}
              onChange={(checked) => update({ [item.key]: checked })}
            />
          ))}
        </div>
      </CardBody>
    </Card>
  );
}
