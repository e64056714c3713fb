/**
 * The pages links in content can point to, for checkPageLinks (gatsby/content/link-check.ts): every page of
 * the site plan (lists, tags … offer no anchors a content link could name), the home page, and
 * each post and doc with its heading ids (and old anchors aliased to them) and the links its file holds. The content check script
 * and the content tests build the same map here.
 */
import type { PageWithLinks } from './link-check';
import { headingIds } from '../markdown/slug';

export function contentPages<L extends { href: string }>(
  plan: ReadonlyArray<{ path: string }>,
  items: ReadonlyArray<{ path: string; body: string; links: readonly L[]; aliases?: readonly string[] }>,
): Map<string, PageWithLinks<L>> {
  const pages = new Map<string, PageWithLinks<L>>(plan.map((p) => [p.path, { anchors: new Set<string>(), links: [] }]));
  pages.set('/', { anchors: new Set(), links: [] });
  // A published anchor whose heading was reworded (content/anchors.json) still lands: links to it are fine.
  for (const item of items) pages.set(item.path, { anchors: new Set([...headingIds(item.body), ...(item.aliases ?? [])]), links: item.links });
  return pages;
}
