import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

/** formatNumber bound to the current i18n language: `const number = useFormatNumber(); number(1250)`. */
export function useFormatNumber(): (n: number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback((n: number) => formatNumber(n, locale), [locale]);
}
