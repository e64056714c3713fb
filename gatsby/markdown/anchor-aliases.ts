/**
 * Old anchors of reworded headings (gatsby/content/anchors.ts): each alias becomes an empty
 * `<span id="旧锚点" class="anchor-alias">` at the start of the heading it now lands on, so a link
 * to `#旧锚点` scrolls to that heading without JavaScript (the page's scroll-padding keeps it clear
 * of the navbar). The span has no text: the table of contents, search and the Markdown version do not see it.
 * The heading pass (headings.ts) puts them in, on the final heading ids.
 */
import { h, type Element } from './hast';

/** A page's aliases (old id → heading id) by the heading id they land on. */
export function aliasesByTarget(aliases: Readonly<Record<string, string>>): Map<string, string[]> {
  const byTarget = new Map<string, string[]>();
  for (const [from, to] of Object.entries(aliases)) byTarget.set(to, [...(byTarget.get(to) ?? []), from]);
  return byTarget;
}

/** The empty spans for the old anchors of the heading with this id (none for most headings). */
export function aliasSpans(byTarget: ReadonlyMap<string, readonly string[]>, id: string): Element[] {
  return (byTarget.get(id) ?? []).map((old) => h('span', { id: old, className: ['anchor-alias'] }));
}
