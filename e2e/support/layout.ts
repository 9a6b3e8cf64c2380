import { expect, type Page } from '@playwright/test';

/**
 * The page does not scroll sideways: wide content (a table of many columns) scrolls in its own
 * box on a phone, never the whole screen (an absolutely positioned descendant, such as a
 * screen-reader-only text, escapes a scroll box that is not positioned).
 */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}
