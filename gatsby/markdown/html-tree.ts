/**
 * HTML read back into a hast tree by parse5, the HTML parser rehype itself uses (every character
 * reference, every tag form): for search's sections (gatsby/search/sections.ts) and for text the build finds in
 * markup it did not make as a tree (a diagram's SVG, diagrams.ts). Elements keep
 * their id and class only; comments and doctypes are dropped.
 */
import { parseFragment } from 'parse5';
import type { Element, ElementContent, Root } from 'hast';

/** A parse5 node, as far as this file reads it. */
interface P5Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: P5Node[];
  content?: P5Node;
}

/** parse5's tree → hast (elements with their id and class, text; comments and doctypes dropped). */
function fromParse5(nodes: readonly P5Node[]): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (node.nodeName === '#text') return [{ type: 'text', value: node.value ?? '' }];
    if (!node.tagName) return [];
    const attr = (name: string) => node.attrs?.find((a) => a.name === name)?.value;
    const className = attr('class')?.split(/\s+/).filter(Boolean);
    const id = attr('id');
    return [{ type: 'element', tagName: node.tagName, properties: { ...(id !== undefined ? { id } : {}), ...(className ? { className } : {}) }, children: fromParse5(node.content?.childNodes ?? node.childNodes ?? []) }];
  });
}

/** A page's HTML as a hast tree (parse5, the HTML parser rehype uses: every character reference, every tag form). */
export function htmlTree(html: string): Root {
  return { type: 'root', children: fromParse5((parseFragment(html) as unknown as P5Node).childNodes ?? []) };
}

/** The text of a tree: its text nodes in order, nothing of its comments. */
function toText(node: Root | Element): string {
  let out = '';
  for (const child of node.children) {
    if (child.type === 'text') out += child.value;
    else if (child.type === 'element') out += toText(child);
  }
  return out;
}

/** Text with its character references decoded, as an HTML parser reads it. */
export function decodeEntities(text: string): string {
  return toText(htmlTree(text));
}
