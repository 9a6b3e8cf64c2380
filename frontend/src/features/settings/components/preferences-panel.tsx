import { useAtomValue } from 'jotai';
import { LANGUAGES as LANGUAGE_VALUES, TIMEZONES as TIMEZONE_VALUES, type LanguageSetting, type ThemeSetting, type TimezoneSetting } from '@contracts/api/preferences';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { preferenceSettingsAtom } from '../atoms/preference-settings.atom';
import { useSavePreferences } from '../hooks/use-preferences';

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
  { value: 'local', label: 'Device time (local)' },
  { value: 'UTC', label: 'UTC' },
  { value: 'GMT', label: 'UK time (GMT/BST)' },
  { value: 'EST', label: 'US Eastern (EST/EDT)' },
  { value: 'PST', label: 'US Pacific (PST/PDT)' },
];

// A select hands back any string: only the contract's values are saved.
const isLanguage = (value: string): value is LanguageSetting => (LANGUAGE_VALUES as readonly string[]).includes(value);
const isTimezone = (value: string): value is TimezoneSetting => (TIMEZONE_VALUES as readonly string[]).includes(value);

export function PreferencesPanel() {
  const settings = useAtomValue(preferenceSettingsAtom);
  const save = useSavePreferences();

  return (
    <Card>
      <CardHeader title="Preferences" description="How Scoreline looks and reads. Saved to your account, on every device." />
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
                    onChange={() => save({ preferences: { theme: theme.value } })}
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
            hint="Screens are in English for now; dates follow your language."
            onChange={(e) => isLanguage(e.target.value) && save({ preferences: { language: e.target.value } })}
          />
          <SelectField
            label="Timezone"
            value={settings.timezone}
            options={TIMEZONES}
            hint="Kick-off times and deadlines are shown in this zone."
            onChange={(e) => isTimezone(e.target.value) && save({ preferences: { timezone: e.target.value } })}
          />
        </div>
      </CardBody>
    </Card>
  );
}
