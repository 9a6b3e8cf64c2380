import type { Translation } from '@/lib/i18n/translation';

const en = {
  nav: { dashboard: 'Dashboard' },
};

export default {
  en,
  es: { nav: { dashboard: 'Panel' } },
  fr: { nav: { dashboard: 'Tableau de bord' } },
  de: { nav: { dashboard: 'Übersicht' } },
} satisfies Translation<typeof en>;
