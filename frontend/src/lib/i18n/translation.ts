import type { LanguageSetting } from '@scoreline/contracts/api/preferences';

/** The same keys as the English original, every value a string: TypeScript refuses a missing or extra key. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/** One namespace in every language; English is the source of the keys. */
export type Translation<T> = { en: T } & Record<Exclude<LanguageSetting, 'en'>, Messages<T>>;
