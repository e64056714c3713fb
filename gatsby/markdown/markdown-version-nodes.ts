/**
 * Helpers over the Markdown version's nodes (plain mdast objects), shared by its tree (markdown-version-tree.ts)
 * and the constructs' converters (jsx.ts): inline and block content sorted out, plain text.
 */
import type { Content, PhrasingContent } from 'mdast';

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'linkReference', 'image', 'imageReference', 'footnoteReference', 'html']);

export const isPhrasing = (node: Content): node is PhrasingContent => PHRASING.has(node.type);

export const text = (value: string): PhrasingContent => ({ type: 'text', value });

/** Plain text of converted nodes (for <kbd>, <code>, <pre>). */
export function plain(nodes: Content[]): string {
  return nodes
    .map((node) => {
      if ('value' in node && typeof node.value === 'string') return node.value;
      if (node.type === 'break') return '\n';
      return 'children' in node ? plain(node.children as Content[]) : '';
    })
    .join('');
}

/** Block content: consecutive inline nodes become paragraphs. */
export function asFlow(nodes: Content[]): Content[] {
  const out: Content[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    const visible = run.filter((n) => n.type !== 'text' || n.value.trim() !== '');
    // Images that stood alone (a body image, an <img> on its own line) stay one paragraph each.
    if (visible.length && visible.every((n) => n.type === 'image')) out.push(...visible.map((image): Content => ({ type: 'paragraph', children: [image] })));
    else if (visible.length) out.push({ type: 'paragraph', children: run });
    run = [];
  };
  for (const node of nodes) {
    if (isPhrasing(node)) run.push(node);
    else {
      flush();
      out.push(node);
    }
  }
  flush();
  return out;
}

/** Inline content: blocks give their inline content, paragraphs separated by line breaks. */
export function asPhrasing(nodes: Content[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (isPhrasing(node)) out.push(node);
    else if ('children' in node) {
      if (out.length && node.type === 'paragraph') out.push({ type: 'break' });
      out.push(...asPhrasing(node.children as Content[]));
    } else if ('value' in node && typeof node.value === 'string') out.push(text(node.value));
  }
  return out;
}
