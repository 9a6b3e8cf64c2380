import type { Translation } from '@/lib/i18n/translation';

const en = {};

export default { en, es: {}, fr: {}, de: {} } satisfies Translation<typeof en>;
