/**
 * Browser storage that never throws: private modes, blocked cookies and sandboxed frames make
 * localStorage throw on access. The site keeps working (for the open page) when it does.
 */

export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismissed: 'announcement-dismissed',
  docsVersion: 'docs-preferred-version',
  /** The tab chosen in each tab group, JSON (src/lib/tabs.ts). */
  tabChoices: 'tab-choices',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
