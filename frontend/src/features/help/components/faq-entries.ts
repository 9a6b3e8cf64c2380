import type { TFunction } from 'i18next';
import { i18n } from '@/lib/i18n';

export type FaqCategory = 'gettingStarted' | 'scoring' | 'leagues' | 'account';

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  /** The category's name in the entry's language (searched too). */
  categoryName: string;
  question: string;
  answer: string;
  list?: readonly string[];
}

/** Points of the scoring rules (spec section 9). Totals, not sums: an exact win is 20. Labels: `help.rules.<id>`. */
export const SCORING_RULES = [
  { id: 'win', points: 10 },
  { id: 'draw', points: 15 },
  { id: 'exactWin', points: 20 },
  { id: 'exactDraw', points: 30 },
  { id: 'wrong', points: 0 },
] as const;

export const FAQ_CATEGORIES: readonly FaqCategory[] = ['gettingStarted', 'scoring', 'leagues', 'account'];

/** The FAQ in the language of `t` (the site namespace), in display order. */
export function faqEntries(t: TFunction<'site'>): FaqEntry[] {
  const entry = (
    id: string,
    category: FaqCategory,
    question: string,
    answer: string,
    list?: readonly string[],
  ): FaqEntry => ({ id, category, categoryName: t(`help.categories.${category}`), question, answer, ...(list ? { list } : {}) });
  return [
    entry('start', 'gettingStarted', t('faq.start.question'), t('faq.start.answer')),
    entry('verification', 'gettingStarted', t('faq.verification.question'), t('faq.verification.answer')),
    entry('country-club', 'gettingStarted', t('faq.countryClub.question'), t('faq.countryClub.answer')),
    entry('points', 'scoring', t('faq.points.question'), t('faq.points.answer'), [
      t('faq.points.list.win'),
      t('faq.points.list.draw'),
      t('faq.points.list.exactWin'),
      t('faq.points.list.exactDraw'),
      t('faq.points.list.wrong'),
    ]),
    entry('banker', 'scoring', t('faq.banker.question'), t('faq.banker.answer')),
    entry('deadline', 'scoring', t('faq.deadline.question'), t('faq.deadline.answer')),
    entry('postponed', 'scoring', t('faq.postponed.question'), t('faq.postponed.answer')),
    entry('competitions', 'scoring', t('faq.competitions.question'), t('faq.competitions.answer')),
    entry('knockouts', 'scoring', t('faq.knockouts.question'), t('faq.knockouts.answer')),
    entry('bonus', 'scoring', t('faq.bonus.question'), t('faq.bonus.answer')),
    entry('accuracy', 'scoring', t('faq.accuracy.question'), t('faq.accuracy.answer')),
    entry('hot-cold', 'scoring', t('faq.hotCold.question'), t('faq.hotCold.answer')),
    entry('league-kinds', 'leagues', t('faq.leagueKinds.question'), t('faq.leagueKinds.answer'), [
      t('faq.leagueKinds.list.global'),
      t('faq.leagueKinds.list.country'),
      t('faq.leagueKinds.list.club'),
      t('faq.leagueKinds.list.private'),
      t('faq.leagueKinds.list.public'),
    ]),
    // Issue 11: the one ranking rule of every table (its text lives in the tables namespace).
    entry('tie-breakers', 'leagues', t('help.question', { ns: 'tables' }), t('help.answer', { ns: 'tables' })),
    entry('private-join', 'leagues', t('faq.privateJoin.question'), t('faq.privateJoin.answer')),
    entry('public-join', 'leagues', t('faq.publicJoin.question'), t('faq.publicJoin.answer')),
    entry('private-size', 'leagues', t('faq.privateSize.question'), t('faq.privateSize.answer')),
    entry('forgot-password', 'account', t('faq.forgotPassword.question'), t('faq.forgotPassword.answer')),
    entry('change-password', 'account', t('faq.changePassword.question'), t('faq.changePassword.answer')),
    entry('change-club', 'account', t('faq.changeClub.question'), t('faq.changeClub.answer')),
  ];
}

/** The FAQ in English, the default language. */
export const FAQ_ENTRIES: readonly FaqEntry[] = faqEntries(i18n.getFixedT('en', 'site'));

/** Entries whose question, answer or list mentions every word of the query (case-insensitive). */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = [entry.question, entry.answer, entry.categoryName, ...(entry.list ?? [])].join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
