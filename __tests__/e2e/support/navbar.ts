/** The navbar's popovers, for the browser tests (chrome.test.ts, timing.test.ts). */
import type { Page } from 'playwright-core';

export const item = (label: string) => `[data-popover="${label}"]`;
export const content = (label: string) => `${item(label)} .menu-content`;
export const trigger = (label: string) => `${item(label)} .menu-trigger`;
/** A point of the desktop page away from the navbar. */
export const NEUTRAL = { x: 1200, y: 700 };

export async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export async function hoverOpen(page: Page, label: string): Promise<void> {
  const at = await centre(page, trigger(label));
  await page.mouse.move(at.x, at.y);
  await page.waitForSelector(`${content(label)}[data-state="open"]`, { state: 'visible' });
}
