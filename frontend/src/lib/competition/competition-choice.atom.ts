import { atom, type SetStateAction } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { cleanCompetitionChoice, COMPETITION_STORAGE_KEY, competitionCode, type CompetitionChoice } from './competition-choice';

/** `?competition=<code>` of the address the page is at, if any. */
function competitionInAddress(): string | null {
  try {
    return competitionCode(new URLSearchParams(window.location.search).get('competition'));
  } catch {
    return null;
  }
}

function parseChoice(text: string | null): CompetitionChoice {
  try {
    return cleanCompetitionChoice(JSON.parse(text ?? 'null'));
  } catch {
    return cleanCompetitionChoice(null);
  }
}

/** This browser's copy, with the competition a link names in place of its choice. */
function readChoice(): CompetitionChoice {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(COMPETITION_STORAGE_KEY);
  } catch {
    // Storage refused: the defaults.
  }
  const choice = parseChoice(stored);
  const linked = competitionInAddress();
  return linked ? { ...choice, chosen: linked, auto: false } : choice;
}

function writeChoice(choice: CompetitionChoice): void {
  try {
    localStorage.setItem(COMPETITION_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage full or refused: the choice lasts this page's life.
  }
}

// Read when a store first asks (the page load), not when this module loads: the first requests
// of the first screen already name the competition.
const storedChoiceAtom = atomWithLazy(readChoice);
storedChoiceAtom.onMount = (set) => {
  // Another tab switched: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPETITION_STORAGE_KEY) set(parseChoice(event.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

/**
 * The competition the fan's screens show (see competition-choice.ts), kept in this browser like
 * the settings (lib/settings/preference-settings.atom.ts) so the next visit's first requests name
 * it at once. A link that names one (`?competition=`) is read at the page load already;
 * useCompetitionFromUrl then makes it the fan's saved choice.
 */
export const competitionChoiceAtom = atom(
  (get) => get(storedChoiceAtom),
  (get, set, update: SetStateAction<CompetitionChoice>) => {
    const next = typeof update === 'function' ? update(get(storedChoiceAtom)) : update;
    set(storedChoiceAtom, next);
    writeChoice(next);
  },
);
