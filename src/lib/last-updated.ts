/**
 * “最后更新于 2026年11月23日”: when a post or doc last changed, from git history (worked out at build
 * time by gatsby/content/git-history.ts), as the page, its Markdown version and the sitemap show it.
 */
import { formatDateZh } from './format';

export interface LastUpdated {
  /** Calendar date of the last change: `2026-11-23`. */
  date: string;
  /** The site's name for whoever made it (content/authors.json), when known. */
  author?: string;
}

export const LAST_UPDATED_PREFIX = '最后更新于';

/** `最后更新于 2026年11月23日`, with `（Tiony.bo）` when the author is known. */
export function lastUpdatedText(value: LastUpdated): string {
  return `${LAST_UPDATED_PREFIX} ${formatDateZh(value.date)}${value.author ? `（${value.author}）` : ''}`;
}
