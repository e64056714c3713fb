/**
 * Old anchors of reworded headings (gatsby/content/anchors.ts): each alias becomes an empty
 * `<span id="旧锚点" class="anchor-alias">` at the start of the heading it now lands on, so a link
 * to `#旧锚点` scrolls to that heading without JavaScript (the page's scroll-padding keeps it clear
 * of the navbar). The span has no text: the table of contents, search and the twin do not see it.
 * Runs after rehype-slug, on the final heading ids.
 */
import { h, mapElements, type Root } from './hast';

const HEADING = /^h[1-6]$/;

/** rehype plugin: the aliases (old id → heading id) of one page. */
export function rehypeAnchorAliases(aliases: Readonly<Record<string, string>> = {}) {
  const byTarget = new Map<string, string[]>();
  for (const [from, to] of Object.entries(aliases)) byTarget.set(to, [...(byTarget.get(to) ?? []), from]);
  return (tree: Root) => {
    if (!byTarget.size) return;
    mapElements(tree, (el) => {
      if (!HEADING.test(el.tagName) || typeof el.properties?.id !== 'string') return undefined;
      const old = byTarget.get(el.properties.id);
      if (old) el.children.unshift(...old.map((id) => h('span', { id, className: ['anchor-alias'] })));
      return [el];
    });
  };
}
