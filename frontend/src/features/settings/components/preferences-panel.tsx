import { useAtom } from 'jotai';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import {
  preferenceSettingsAtom,
  type LanguageSetting,
  type ThemeSetting,
  type TimezoneSetting,
} from '../atoms/preference-settings.atom';

const THEMES: ReadonlyArray<{ value: ThemeSetting; label: string; description: string }> = [
  { value: 'dark', label: 'Dark', description: 'Floodlights on' },
  { value: 'light', label: 'Light', description: 'Afternoon kick-off' },
  { value: 'auto', label: 'Auto', description: 'Follow my device' },
];

const LANGUAGES: ReadonlyArray<{ value: LanguageSetting; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
];

const TIMEZONES: ReadonlyArray<{ value: TimezoneSetting; label: string }> = [
  { value: 'UTC', label: 'UTC — Coordinated Universal Time' },
  { value: 'EST', label: 'EST — Eastern Time' },
  { value: 'PST', label: 'PST — Pacific Time' },
  { value: 'GMT', label: 'GMT — Greenwich Mean Time' },
];

export function PreferencesPanel() {
  const [settings, update] = useAtom(preferenceSettingsAtom);

  return (
    <Card>
      <CardHeader title="Preferences" description="How Scoreline looks and reads on this device." />
      <CardBody className="space-y-6">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-fg">Theme</legend>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {THEMES.map((theme) => {
              const checked = settings.theme === theme.value;
              return (
                <label
                  key={theme.value}
                  className={cn(
                    'relative flex cursor-pointer flex-col gap-2 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                    checked ? 'border-primary bg-primary-soft' : 'border-line bg-surface-2 hover:border-muted/60',
                  )}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={theme.value}
                    checked={checked}
                    onChange={() => update({ theme: theme.value })}
                    className="sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={cn(
                      'h-10 rounded-lg border border-black/10',
                      theme.value === 'dark' && 'bg-[#0b1220]',
                      theme.value === 'light' && 'bg-[#f3f6fb]',
                      theme.value === 'auto' && 'bg-[linear-gradient(135deg,#0b1220_50%,#f3f6fb_50%)]',
                    )}
                  />
                  <span className="text-sm font-semibold text-fg">{theme.label}</span>
                  <span className="hidden text-xs text-muted sm:block">{theme.description}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Language"
            value={settings.language}
            options={LANGUAGES}
            onChange={(e) => update({ language: e.target.value as LanguageSetting })}
          />
          <SelectField
            label="Timezone"
            value={settings.timezone}
            options={TIMEZONES}
            hint="Kick-off times and deadlines are shown in this zone."
            onChange={(e) => update({ timezone: e.target.value as TimezoneSetting })}
          />
        </div>
      </CardBody>
    </Card>
  );
}
