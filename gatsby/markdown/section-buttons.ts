/**
 * 复制本节: a button after each h2/h3 of the reader's HTML (the Markdown version and the search text do not get it:
 * the Markdown version is made from the Markdown tree, and search leaves buttons out, gatsby/search/sections.ts).
 * Hidden without JavaScript like every copy button; its code loads on the first click
 * (src/components/mdx/copy-section.ts), copying the section from the page's Markdown version.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { COPY_SECTION_LABEL } from '../../src/lib/markdown/copy-labels';

function text(node: ElementContent | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  const className = node.properties?.className;
  if (Array.isArray(className) && className.includes('heading-anchor')) return '';
  return node.children.map(text).join('');
}

function sectionButton(heading: Element): Element {
  return {
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['copy-button', 'copy-section'], ariaLabel: `${COPY_SECTION_LABEL}：${text(heading).trim()}`, dataTestid: 'copy-section' },
    children: [{ type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: COPY_SECTION_LABEL }] }],
  };
}

/** Rehype plugin: a 复制本节 button right after every h2/h3 that has an id. */
export function rehypeSectionButtons() {
  return (tree: Root) => {
    const walk = (parent: Root | Element) => {
      for (let i = 0; i < parent.children.length; i += 1) {
        const child = parent.children[i] as RootContent;
        if (child.type !== 'element') continue;
        if ((child.tagName === 'h2' || child.tagName === 'h3') && child.properties?.id) {
          parent.children.splice(i + 1, 0, sectionButton(child));
          i += 1;
        } else walk(child);
      }
    };
    walk(tree);
  };
}
