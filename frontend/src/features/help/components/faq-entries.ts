export interface FaqEntry {
  id: string;
  category: 'Getting started' | 'Scoring' | 'Leagues' | 'Account';
  question: string;
  answer: string;
  list?: readonly string[];
}

/** Points of the scoring rules (spec section 9). Totals, not sums: an exact win is 20. */
export const SCORING_RULES = [
  { outcome: 'Correct result (win)', points: 10 },
  { outcome: 'Correct draw', points: 15 },
  { outcome: 'Exact score (win)', points: 20 },
  { outcome: 'Exact score (draw)', points: 30 },
  { outcome: 'Wrong result', points: 0 },
] as const;

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'start',
    category: 'Getting started',
    question: 'How do I start playing?',
    answer:
      'Create an account, verify your email with the 6-digit code we send you, then choose your country and favourite club. After that, open Game Weeks, enter a score for every match and save your predictions before the deadline.',
  },
  {
    id: 'verification',
    category: 'Getting started',
    question: "I didn't receive my verification code. What now?",
    answer:
      'Check your spam folder first. On the verification screen you can request a new code once the 60-second countdown has finished. After 3 wrong codes the screen locks until you request a new one.',
  },
  {
    id: 'country-club',
    category: 'Getting started',
    question: 'Why do you ask for my country and favourite club?',
    answer:
      'They put you in your country league and your club league, so you can compare yourself with fans like you. You can skip this step and change your choice at any time in Settings.',
  },
  {
    id: 'points',
    category: 'Scoring',
    question: 'How are points calculated?',
    answer: 'Every prediction is scored once the match ends. The points are totals, not sums:',
    list: [
      'Correct result (home or away win): 10 points',
      'Correct draw: 15 points',
      'Exact score with a correct win: 20 points',
      'Exact score with a correct draw: 30 points',
      'Wrong result: 0 points',
    ],
  },
  {
    id: 'banker',
    category: 'Scoring',
    question: 'What is a banker?',
    answer:
      'Your banker is the pick you are most sure of. The banker doubles the points of its match, so an exact-score draw as your banker is worth 60. You get one banker per gameweek: ticking another match moves it there.',
  },
  {
    id: 'deadline',
    category: 'Scoring',
    question: 'When is the prediction deadline?',
    answer:
      "The deadline is the kick-off of the gameweek's first match. Until then you can change your predictions and your banker as often as you like; after it, the whole gameweek is locked.",
  },
  {
    id: 'postponed',
    category: 'Scoring',
    question: 'What happens when a match is postponed?',
    answer:
      'A postponed match is void: it scores 0 points for everyone, a banker on it earns nothing, and it does not count in your accuracy.',
  },
  {
    id: 'accuracy',
    category: 'Scoring',
    question: 'What does accuracy mean?',
    answer:
      'Accuracy is the share of your scored predictions that got the result right (exact scores included), shown as a whole percentage.',
  },
  {
    id: 'hot-cold',
    category: 'Scoring',
    question: 'What are hot and cold teams?',
    answer:
      'Hot and cold teams: the clubs in whose matches your predictions were most / least often right (correct result or exact score), among clubs you predicted at least 3 matches of.',
  },
  {
    id: 'league-kinds',
    category: 'Leagues',
    question: 'What kinds of league are there?',
    answer: 'Five kinds, and your predictions count in all of them at once:',
    list: [
      'Global: every player',
      'Country: players who chose your country',
      'Club: fans of your favourite club',
      'Private: invite-only, joined with a code and approved by the owner',
      'Public: open to anyone with the league ID, joined instantly',
    ],
  },
  {
    id: 'private-join',
    category: 'Leagues',
    question: 'How do I join a private league?',
    answer:
      'Ask the owner for the invite code (up to 8 characters), then go to Leagues › Join League, enter the code and, if you like, a short message. The owner approves your request.',
  },
  {
    id: 'public-join',
    category: 'Leagues',
    question: 'How do I join a public league?',
    answer: 'Enter the numeric league ID under Leagues › Join League. You are in straight away.',
  },
  {
    id: 'private-size',
    category: 'Leagues',
    question: 'How many players can a private league have?',
    answer: 'When you create a private league you can set a maximum of between 2 and 1000 members.',
  },
  {
    id: 'forgot-password',
    category: 'Account',
    question: 'I forgot my password. How do I reset it?',
    answer:
      'Choose "Forgot password?" on the sign-in screen, enter your email and we send you a 6-digit code. Enter the code with your new password to reset it.',
  },
  {
    id: 'change-password',
    category: 'Account',
    question: 'How do I change my password or name?',
    answer:
      'Open Settings › Profile. Changing your password signs you out on your other devices; this one stays signed in.',
  },
  {
    id: 'change-club',
    category: 'Account',
    question: 'Can I change my favourite club?',
    answer: 'Yes. Open Settings and choose Change next to your country and favourite club.',
  },
];

/** Entries whose question, answer or list mentions every word of the query (case-insensitive). */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = [entry.question, entry.answer, entry.category, ...(entry.list ?? [])].join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
