import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES, TIMEZONES, type LanguageSetting, type TimezoneSetting } from '@scoreline/contracts/api/preferences';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { preferenceSettingsAtom } from '@/lib/settings/preference-settings.atom';
import { useSavePreferences } from '../hooks/use-preferences';

// The choices are the contract's THEMES, LANGUAGES and TIMEZONES, in its order; the texts of
// themes and timezones are preferences.themes.<value> and preferences.timezones.<value>. A select
// hands back a plain string: preferenceSettingsAtom drops any value the contract does not know.

/** Each language is named in itself, whatever language the screens are in. */
const LANGUAGE_NAMES: Record<LanguageSetting, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };

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
            options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            onChange={(e) => save({ preferences: { language: e.target.value as LanguageSetting } })}
          />
          <SelectField
            label={t('preferences.timezone')}
            value={settings.timezone}
            options={TIMEZONES.map((zone) => ({ value: zone, label: t(`preferences.timezones.${zone}`) }))}
            hint={t('preferences.timezoneHint')}
            onChange={(e) => save({ preferences: { timezone: e.target.value as TimezoneSetting } })}
          />
        </div>
      </CardBody>
    </Card>
  );
}
