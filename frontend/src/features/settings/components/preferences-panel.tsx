import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES as LANGUAGE_VALUES, TIMEZONES as TIMEZONE_VALUES, type LanguageSetting, type ThemeSetting, type TimezoneSetting } from '@contracts/api/preferences';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { preferenceSettingsAtom } from '../atoms/preference-settings.atom';
import { useSavePreferences } from '../hooks/use-preferences';

/** In this order; their texts are preferences.themes.<value>. */
const THEMES: readonly ThemeSetting[] = ['dark', 'light', 'auto'];

/** Each language is named in itself, whatever language the screens are in. */
const LANGUAGES: ReadonlyArray<{ value: LanguageSetting; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
];

/** In this order; their names are preferences.timezones.<value>. */
const TIMEZONES: readonly TimezoneSetting[] = ['local', 'UTC', 'GMT', 'EST', 'PST'];

// A select hands back any string: only the contract's values are saved.
const isLanguage = (value: string): value is LanguageSetting => (LANGUAGE_VALUES as readonly string[]).includes(value);
const isTimezone = (value: string): value is TimezoneSetting => (TIMEZONE_VALUES as readonly string[]).includes(value);

export function PreferencesPanel() {
  const { t } = useTranslation('settings');
  const settings = useAtomValue(preferenceSettingsAtom);
  const save = useSavePreferences();

  return (
    <Card>
      <CardHeader title={t('preferences.title')} description={t('preferences.description')} />
      <CardBody className="space-y-6">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-fg">{t('preferences.theme')}</legend>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {THEMES.map((theme) => {
              const checked = settings.theme === theme;
              return (
                <label
                  key={theme}
                  className={cn(
                    'relative flex cursor-pointer flex-col gap-2 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                    checked ? 'border-primary bg-primary-soft' : 'border-line bg-surface-2 hover:border-muted/60',
                  )}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={theme}
                    checked={checked}
                    onChange={() => save({ preferences: { theme } })}
                    className="sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={cn(
                      'h-10 rounded-lg border border-black/10',
                      theme === 'dark' && 'bg-[#0b1220]',
                      theme === 'light' && 'bg-[#f3f6fb]',
                      theme === 'auto' && 'bg-[linear-gradient(135deg,#0b1220_50%,#f3f6fb_50%)]',
                    )}
                  />
                  <span className="text-sm font-semibold text-fg">{t(`preferences.themes.${theme}.label`)}</span>
                  <span className="hidden text-xs text-muted sm:block">{t(`preferences.themes.${theme}.description`)}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={t('preferences.language')}
            value={settings.language}
            options={LANGUAGES}
            onChange={(e) => isLanguage(e.target.value) && save({ preferences: { language: e.target.value } })}
          />
          <SelectField
            label={t('preferences.timezone')}
            value={settings.timezone}
            options={TIMEZONES.map((zone) => ({ value: zone, label: t(`preferences.timezones.${zone}`) }))}
            hint={t('preferences.timezoneHint')}
            onChange={(e) => isTimezone(e.target.value) && save({ preferences: { timezone: e.target.value } })}
          />
        </div>
      </CardBody>
    </Card>
  );
}
