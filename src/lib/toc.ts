/** Table of contents entries from gatsby-plugin-mdx's tableOfContents: h2 and h3 only (spec §9). */

export interface TocItem {
  url?: string;
  title?: string;
  items?: TocItem[];
}

export interface TocEntry {
  id: string;
  title: string;
  depth: 2 | 3;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The MDX body has no h1 (the title comes from frontmatter), so top-level items are h2. */
export function tocEntries(items: TocItem[] | undefined, depth: 2 | 3 = 2): TocEntry[] {
  if (!items) return [];
  return items.flatMap((item) => [
    ...(item.url && item.title ? [{ id: decode(item.url.replace(/^#/, '')), title: item.title, depth }] : []),
    ...(depth === 2 ? tocEntries(item.items, 3) : []),
  ]);
}
