/**
 * Every heading's id and its `#` link, in one walk over the page. A heading without an id takes
 * one made from its text by github-slugger (the ids GitHub and rehype-slug give: "Get Start!" →
 * "get-start", a repeated heading "-1", "-2" …); an id written in the source (`{#id}`,
 * heading-ids.ts) is kept and counts for nothing. The old anchors that now land on the heading
 * (anchor-aliases.ts) go first inside it, and a `<a class="heading-anchor" href="#id">#</a>` last,
 * hidden from assistive technology and out of the tab order, as rehype-autolink-headings'
 * `append` wrote it. One walk instead of those two plugins' two: each of them visited every node
 * of every page (about 1.7 s of the page queries at 2,000 pages; docs/decisions/build-at-scale.md).
 */
import GithubSlugger from 'github-slugger';
import { aliasSpans, aliasesByTarget } from './anchor-aliases';
import { mapElements, textContent, type Element, type Root } from './hast';

const HEADING = /^h[1-6]$/;

function anchorLink(id: string): Element {
  return {
    type: 'element',
    tagName: 'a',
    properties: { className: ['heading-anchor'], ariaHidden: 'true', tabIndex: -1, href: `#${id}` },
    children: [{ type: 'text', value: '#' }],
  };
}

/** rehype plugin: heading ids, old anchors (old id → heading id) and `#` links. */
export function rehypeHeadings(aliases: Readonly<Record<string, string>> = {}) {
  const byTarget = aliasesByTarget(aliases);
  return (tree: Root) => {
    const slugger = new GithubSlugger();
    mapElements(tree, (el) => {
      if (!HEADING.test(el.tagName)) return undefined;
      const properties = (el.properties ??= {});
      if (!properties.id) properties.id = slugger.slug(textContent(el));
      const id = properties.id;
      if (typeof id !== 'string' || !id) return [el];
      el.children.unshift(...aliasSpans(byTarget, id));
      el.children.push(anchorLink(id));
      return [el];
    });
  };
}
