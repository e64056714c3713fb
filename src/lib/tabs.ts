/**
 * Tabs in content (<Tabs groupId> / <TabItem value label default>): the names the build's HTML
 * (gatsby/markdown/tabs.ts), its CSS (gatsby/markdown/constructs/tabs.ts) and the browser's
 * behaviour (components/mdx/tabs.ts) share, and the behaviour's decisions as pure functions. Browser-safe
 * and tiny: it is part of the lazily loaded tabs chunk.
 */

/** Attribute on a tab set's root; its value is the groupId ('' without one). */
export const TABS_ATTRIBUTE = 'data-tabs';
/** Set on a tab set once the script has made it a WAI-ARIA tab widget. */
export const TABS_READY = 'data-tabs-ready';

/** The reader's choices, one value per groupId, as JSON in one localStorage key (STORAGE_KEYS.tabChoices). */
export type TabChoices = Record<string, string>;

/** The stored choices; {} for nothing stored or anything that is not a map of strings. */
export function parseTabChoices(raw: string | null): TabChoices {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The stored choices with `group` set to `value`, as stored. */
export function withTabChoice(raw: string | null, group: string, value: string): string {
  return JSON.stringify({ ...parseTabChoices(raw), [group]: value });
}

/**
 * The value a tab set shows first: the reader's remembered choice for its group when the set has
 * that value, else its default.
 */
export function initialTab(values: readonly string[], defaultValue: string, remembered: string | null): string {
  return remembered !== null && values.includes(remembered) ? remembered : defaultValue;
}

/** The tab a key moves to (WAI-ARIA tabs: arrows wrap, Home/End go to the ends), or null for other keys. */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
