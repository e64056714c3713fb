/**
 * Explicit heading ids, Docusaurus's syntax: `## 安装步骤 {#install}` gives the heading the id
 * `install` instead of the one made from its text (slug.ts), so a heading can be reworded
 * without breaking the links to it.
 *
 * MDX would read `{#install}` as a JavaScript expression; the parser (its step in
 * constructs/heading-ids.ts) is given the source with the marker blanked out (spaces, so every
 * line and column stays the file's own) and puts the ids on the heading nodes afterwards: `data.id` and `data.hProperties.id`, which
 * remark-rehype writes as the element's id and the heading pass (headings.ts) then keeps. The link checker
 * (slug.ts headingIds) and the Markdown version (constructs/heading-ids.ts) read the same marker.
 *
 * Published anchors and their aliases (anchors.ts) point at these ids.
 * Pure functions over text and plain syntax-tree objects: unit-testable.
 */
import type { Heading, Root } from 'mdast';
import { ContentSyntaxError } from './errors';

/** An ATX heading line (also inside `>` quotes and list items) ending in `{#id}`. */
const HEADING_WITH_ID = /^([ \t]*(?:(?:>|[-*+]|\d+[.)])[ \t]*)*#{1,6}[ \t].*?)([ \t]+\{#([^{}\n]*)\})[ \t]*$/;
const FENCE = /^[ \t]*(?:>[ \t]?)*[ \t]*(`{3,}|~{3,})(.*)$/;
/** What an id may hold: letters (Chinese too), digits, `-`, `_`, `.`, `:`. Nothing that needs escaping in a URL fragment by hand. */
const VALID_ID = /^[\p{L}\p{N}][\p{L}\p{N}_.:-]*$/u;

export interface ExplicitIds {
  /** The source with each ` {#id}` blanked out (same lines, same columns). */
  source: string;
  /** Line (1-based) → the id written on that heading line. */
  ids: Map<number, string>;
}

/**
 * Finds the `{#id}` markers at the end of heading lines outside fenced code. `file` names the
 * file in errors: an empty or malformed id, an id used twice.
 */
export function extractHeadingIds(source: string, file: string): ExplicitIds {
  const ids = new Map<number, string>();
  if (!source.includes('{#')) return { source, ids };
  const lines = source.split('\n');
  const seen = new Map<string, number>();
  let fence: { char: string; size: number } | null = null;
  lines.forEach((line, index) => {
    const marker = FENCE.exec(line);
    if (fence) {
      if (marker && (marker[1] as string)[0] === fence.char && (marker[1] as string).length >= fence.size && !(marker[2] as string).trim()) fence = null;
      return;
    }
    if (marker) {
      fence = { char: (marker[1] as string)[0] as string, size: (marker[1] as string).length };
      return;
    }
    const m = HEADING_WITH_ID.exec(line);
    if (!m) return;
    const id = m[3] as string;
    const at = { line: index + 1, column: (m[1] as string).length + (m[2] as string).indexOf('{') + 1 };
    if (!VALID_ID.test(id)) throw new ContentSyntaxError(file, at, `标题的锚点 {#${id}} 无效：以字母、汉字或数字开头，只用字母、汉字、数字和 - _ . :（如 {#install}）`);
    const before = seen.get(id);
    if (before !== undefined) throw new ContentSyntaxError(file, at, `锚点 {#${id}} 在第 ${before} 行已经用过：同一页里每个锚点只能用一次`);
    seen.set(id, index + 1);
    ids.set(index + 1, id);
    lines[index] = `${m[1]}${' '.repeat(line.length - (m[1] as string).length)}`;
  });
  return { source: lines.join('\n'), ids };
}

/** The explicit id of a heading node (set by applyHeadingIds), if it has one. */
export function explicitId(node: Heading): string | undefined {
  const id = (node.data as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** Puts the ids found by extractHeadingIds on the heading nodes of their lines. */
export function applyHeadingIds(tree: Root, ids: ReadonlyMap<number, string>): void {
  if (!ids.size) return;
  const walk = (node: { type: string; children?: unknown[]; position?: { start: { line: number } }; data?: Record<string, unknown> }) => {
    if (node.type === 'heading') {
      const id = node.position ? ids.get(node.position.start.line) : undefined;
      if (id) node.data = { ...node.data, id, hProperties: { ...(node.data?.hProperties as object | undefined), id } };
      return;
    }
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(tree as unknown as Parameters<typeof walk>[0]);
}
