import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { dateDisplayFor, type DateDisplay } from '@/lib/format';
import { preferenceSettingsAtom } from './preference-settings.atom';

/** The locale and zone every date on screen is shown in (Settings → Preferences). */
export function useDateDisplay(): DateDisplay {
  const { language, timezone } = useAtomValue(preferenceSettingsAtom);
  return useMemo(() => dateDisplayFor({ language, timezone }), [language, timezone]);
}
