import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const FIGURES_FILE = join(__dirname, '..', '..', '..', '..', 'test-results', 'faults-figures.txt');

/**
 * One figure line per scenario, `[faults] <scenario>: k=v …`, on stdout (jest's console
 * would wrap it in a stack trace) and appended to test-results/faults-figures.txt for README.
 */
export function printFigure(scenario: string, figures: Record<string, string | number | null>): string {
  const line = `[faults] ${scenario}: ${Object.entries(figures)
    .map(([k, v]) => `${k}=${v === null ? 'never' : v}`)
    .join(' ')}`;
  process.stdout.write(`${line}\n`);
  try {
    mkdirSync(join(FIGURES_FILE, '..'), { recursive: true });
    appendFileSync(FIGURES_FILE, `${new Date().toISOString()} ${line}\n`);
  } catch {
    /* the line is on stdout anyway */
  }
  return line;
}
