import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Which of axe's rules a look at one width and theme runs. Only colour contrast depends on the
 * theme; every other rule reads the page's structure, which depends on the width alone. So the
 * looks in four combinations run every rule on the diagonal (390 px dark, 1280 px light) and
 * only the contrast rule on the other two: the same rules meet the same screens as four full
 * scans, at about 0.6 of their time (contrast is half of a scan's cost; the scans were two thirds
 * of the browser suite's time). `structure`: the rules other than contrast, for a look that only
 * changes words (another language in the same theme as a full scan).
 */
export type AxeRules = 'all' | 'contrast' | 'structure';

export function axeRulesFor(width: number, theme: 'dark' | 'light'): AxeRules {
  return (width <= 390) === (theme === 'dark') ? 'all' : 'contrast';
}

/** An axe scan of the page as it is, allowing no serious or critical violation; `where` names it in a failure. */
export async function expectNoSeriousViolations(page: Page, where: string, rules: AxeRules = 'all'): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (rules === 'contrast') builder = builder.withRules(['color-contrast']);
  else builder = builder.withTags(WCAG_TAGS);
  if (rules === 'structure') builder = builder.disableRules(['color-contrast']);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} — ${v.help} [${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}]`)).toEqual([]);
}
