/**
 * Callouts (admonitions): one construct, three ways to write it, one result.
 *
 *   :::tip 标题            Docusaurus directives (note, tip, info, warning, danger, caution,
 *   :::tip[标题]           important; secondary and success as Docusaurus draws them), title after the name or in brackets, Markdown inside,
 *   ::: tip 标题           nested with more colons on the outer one or with the same count.
 *   > [!WARNING]           GitHub alerts (NOTE, TIP, IMPORTANT, WARNING, CAUTION and ours).
 *   <Callout type title>   The site's own component (or Docusaurus's <Admonition type title>).
 *
 * All three become one mdast node, `callout` (kind, optional title, children), in the parser's
 * tree (parse.ts), so the page (calloutToHast: <aside class="callout callout-<kind>" role="note">
 * with its label), the Markdown version (calloutToMarkdown: a blockquote opening with the label in bold)
 * and search (the page's text: the label and the content) read the same thing. An unknown type,
 * an unclosed or a stray ::: stops the build with the file's line.
 *
 * The parser reads directives after normalizeCalloutFences (constructs/callouts.ts) and keeps
 * only the containers (the other forms become text again: restore-directives.ts); this module is
 * pure functions over text and plain syntax-tree objects (unit-testable under jest).
 */
import type { BlockContent, Blockquote, Content, Paragraph, PhrasingContent, Root, Text } from 'mdast';
import type { MarkdownConvert } from './constructs/types';
import { ContentSyntaxError, syntaxError, type Positioned } from './errors';
import { h, text, textContent, type Element, type ElementContent } from './hast';

export const CALLOUT_KINDS = ['note', 'info', 'tip', 'important', 'warning', 'caution', 'danger'] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

/**
 * The label a callout shows when it has no title. note/important/caution follow what the two
 * dialects mean: a side remark (备注), something not to miss (重要), a risk to be careful about
 * (小心: Docusaurus's older name for warning, GitHub's alert between warning and danger).
 */
export const CALLOUT_LABELS: Record<CalloutKind, string> = {
  note: '备注',
  info: '说明',
  tip: '提示',
  important: '重要',
  warning: '注意',
  caution: '小心',
  danger: '警告',
};

export function isCalloutKind(name: string): name is CalloutKind {
  return (CALLOUT_KINDS as readonly string[]).includes(name);
}

/**
 * Docusaurus's other admonition names, drawn as it draws them: `secondary` as a note, `success` as
 * a tip (its own label, 成功, when it has no title).
 */
export const CALLOUT_ALIASES: Readonly<Record<string, { kind: CalloutKind; label?: string }>> = {
  secondary: { kind: 'note' },
  success: { kind: 'tip', label: '成功' },
};

/** The components that write a callout: the site's <Callout> and Docusaurus's <Admonition> (import Admonition from '@theme/Admonition'). */
export const CALLOUT_COMPONENTS: readonly string[] = ['Callout', 'Admonition'];

/** The mdast node every callout syntax becomes. */
export interface CalloutNode {
  type: 'callout';
  kind: CalloutKind;
  /** The title as written (Markdown allowed), or none for the kind's label. */
  title?: PhrasingContent[];
  children: BlockContent[];
  position?: Content['position'];
}

const KNOWN = `可用的类型：${[...CALLOUT_KINDS, ...Object.keys(CALLOUT_ALIASES)].join('、')}`;

/** The kind named by a directive, an alert or <Callout type>; anything else stops the build. */
export function calloutKind(file: string, node: Positioned, written: string, how: string): CalloutKind {
  const name = written.toLowerCase();
  if (isCalloutKind(name)) return name;
  const alias = CALLOUT_ALIASES[name];
  if (alias) return alias.kind;
  throw syntaxError(file, node, `未知的提示框类型 ${how}（${KNOWN}）`);
}

/** The title an alias shows when the editor wrote none (success → 成功). */
function aliasTitle(written: string): PhrasingContent[] | undefined {
  const label = CALLOUT_ALIASES[written.toLowerCase()]?.label;
  return label ? [{ type: 'text', value: label }] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Syntax: ::: fences normalised line by line before micromark reads them.

const FENCE = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const OPEN = /^([ \t]*)(:{3,})[ \t]*([A-Za-z][\w-]*)(.*)$/;
const CLOSE = /^([ \t]*)(:{3,})[ \t]*$/;

interface OpenFence {
  line: number;
  indent: string;
  name: string;
  rest: string;
  close?: number;
  /** Colons it needs: more than any callout inside it, and than any colons-only line in its code. */
  colons: number;
}

/** `:::tip 标题` (Docusaurus's older form, VitePress's) → `:::tip[标题]`; brackets and attributes as written. */
function withLabel(rest: string): string {
  if (rest.startsWith('[') || rest.startsWith('{')) return rest;
  const title = rest.trim();
  return title ? `[${title.replace(/[[\]\\]/g, (c) => `\\${c}`)}]` : '';
}

/**
 * Rewrites the ::: fences of a source so micromark reads them as the editor meant: each fence
 * closes the innermost open callout, and the colons are recounted so an outer callout always has
 * more than the ones inside it (micromark closes every open container at a fence at least as
 * long as its own, even one inside a code block); legacy titles become labels. Lines keep their
 * number; fenced code is left alone.
 * `file` names the file in errors: an unclosed callout, a ::: that closes nothing.
 */
export function normalizeCalloutFences(source: string, file: string): string {
  if (!source.includes(':::')) return source;
  const lines = source.split('\n');
  const stack: OpenFence[] = [];
  const all: OpenFence[] = [];
  let code: { char: string; size: number } | null = null;
  lines.forEach((line, index) => {
    const fence = FENCE.exec(line);
    if (code) {
      if (fence && (fence[2] as string)[0] === code.char && (fence[2] as string).length >= code.size && !(fence[3] as string).trim()) code = null;
      const colonsOnly = CLOSE.exec(line);
      if (colonsOnly) for (const open of stack) open.colons = Math.max(open.colons, (colonsOnly[2] as string).length + 1);
      return;
    }
    if (fence) {
      code = { char: (fence[2] as string)[0] as string, size: (fence[2] as string).length };
      return;
    }
    const close = CLOSE.exec(line);
    if (close) {
      const open = stack.pop();
      if (!open) throw new ContentSyntaxError(file, { line: index + 1, column: (close[1] as string).length + 1 }, '多余的 :::：前面没有未结束的提示框');
      open.close = index;
      const parent = stack[stack.length - 1];
      if (parent) parent.colons = Math.max(parent.colons, open.colons + 1);
      return;
    }
    const open = OPEN.exec(line);
    if (open) {
      const entry: OpenFence = { line: index, indent: open[1] as string, name: open[3] as string, rest: open[4] as string, colons: 3 };
      stack.push(entry);
      all.push(entry);
    }
  });
  const unclosed = stack[0];
  if (unclosed) throw new ContentSyntaxError(file, { line: unclosed.line + 1, column: unclosed.indent.length + 1 }, `提示框 :::${unclosed.name} 没有结束：在它的内容后面单独写一行 :::`);
  for (const entry of all) {
    const colons = ':'.repeat(entry.colons);
    lines[entry.line] = `${entry.indent}${colons}${entry.name}${withLabel(entry.rest)}`;
    lines[entry.close as number] = `${entry.indent}${colons}`;
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Tree: directives, alerts and <Callout> → callout nodes.

interface DirectiveNode {
  type: 'containerDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  children: Array<Content & { data?: { directiveLabel?: boolean } }>;
  position?: Content['position'];
}

/** A JSX element as remark-mdx gives it (and jsx.ts types it). */
interface JsxNode {
  type: string;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: unknown[];
  position?: Positioned['position'];
}

type Parent = { children: Content[] };

function fromDirective(node: DirectiveNode, file: string): CalloutNode {
  const kind = calloutKind(file, node, node.name, `:::${node.name}`);
  const [first, ...rest] = node.children;
  const labelled = first?.type === 'paragraph' && first.data?.directiveLabel;
  const title = labelled ? (first as Paragraph).children : node.attributes?.title ? [{ type: 'text', value: node.attributes.title } as Text] : undefined;
  return { type: 'callout', kind, title: title?.length ? title : aliasTitle(node.name), children: (labelled ? rest : node.children) as BlockContent[], position: node.position };
}

const ALERT = /^\[!([A-Za-z]+)\][ \t]*/;

/** The phrasing before the first line break, and the rest (the first paragraph's other lines). */
function splitFirstLine(children: PhrasingContent[]): [PhrasingContent[], PhrasingContent[]] {
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i] as PhrasingContent;
    if (child.type === 'break') return [children.slice(0, i), children.slice(i + 1)];
    if (child.type === 'text' && child.value.includes('\n')) {
      const at = child.value.indexOf('\n');
      const before = child.value.slice(0, at);
      const after = child.value.slice(at + 1);
      return [
        [...children.slice(0, i), ...(before ? [{ ...child, value: before }] : [])],
        [...(after ? [{ ...child, value: after }] : []), ...children.slice(i + 1)],
      ];
    }
  }
  return [children, []];
}

/** A blockquote opening with [!TYPE] (GitHub's alerts), as a callout; null for other blockquotes. */
function fromAlert(node: Blockquote, file: string): CalloutNode | null {
  const [first, ...rest] = node.children;
  const lead = first?.type === 'paragraph' ? first.children[0] : undefined;
  const marker = lead?.type === 'text' ? ALERT.exec(lead.value) : null;
  if (!first || first.type !== 'paragraph' || !marker || !lead || lead.type !== 'text') return null;
  const kind = calloutKind(file, node, marker[1] as string, `[!${marker[1]}]`);
  const afterMarker: PhrasingContent[] = [{ ...lead, value: lead.value.slice(marker[0].length) }, ...first.children.slice(1)];
  const [titleLine, body] = splitFirstLine(afterMarker);
  const title = titleLine.filter((n) => n.type !== 'text' || n.value.trim() !== '');
  const paragraph: Paragraph[] = body.length ? [{ ...first, children: body }] : [];
  return { type: 'callout', kind, title: title.length ? titleLine : undefined, children: [...paragraph, ...rest] as BlockContent[], position: node.position };
}

/** <Callout type title> (type defaults to info). */
export function calloutFromComponent(node: JsxNode, file: string): CalloutNode {
  const attribute = (name: string) => (node.attributes ?? []).find((a) => a.type === 'mdxJsxAttribute' && a.name === name)?.value;
  const type = attribute('type');
  const title = attribute('title');
  const kind = typeof type === 'string' ? calloutKind(file, node, type, `<${node.name ?? 'Callout'} type="${type}">`) : 'info';
  return {
    type: 'callout',
    kind,
    title: typeof title === 'string' ? [{ type: 'text', value: title }] : typeof type === 'string' ? aliasTitle(type) : undefined,
    children: (node.children ?? []) as BlockContent[],
    position: node.position as Content['position'],
  };
}

/**
 * remark transformer: every callout syntax → a callout node (children converted first, so
 * callouts nest). <Callout> with an attribute written as an expression is left to jsx.ts, which
 * explains what is wrong with it.
 */
export function remarkCallouts() {
  return (tree: Root, vfile: { path?: string }) => {
    const file = vfile.path ?? '';
    const walk = (parent: Parent) => {
      parent.children = parent.children.map((child) => {
        if ('children' in child) walk(child as Parent);
        const node = child as unknown as { type: string; name?: string };
        if (node.type === 'containerDirective') return fromDirective(child as unknown as DirectiveNode, file) as unknown as Content;
        if (node.type === 'blockquote') return (fromAlert(child as Blockquote, file) ?? child) as Content;
        if (
          node.type === 'mdxJsxFlowElement' &&
          CALLOUT_COMPONENTS.includes(node.name ?? '') &&
          ((child as unknown as JsxNode).attributes ?? []).every((a) => a.type === 'mdxJsxAttribute' && typeof (a.value ?? '') === 'string')
        ) {
          return calloutFromComponent(child as unknown as JsxNode, file) as unknown as Content;
        }
        return child;
      });
    };
    walk(tree as Parent);
  };
}

// ---------------------------------------------------------------------------------------------
// Output: the page's HTML and the Markdown version.

/** <aside class="callout callout-tip" role="note" aria-label="提示"><strong class="callout-title">提示</strong>…</aside> */
export function calloutElement(kind: CalloutKind, title: ElementContent[] | undefined, children: ElementContent[]): Element {
  const heading = title?.length ? title : [text(CALLOUT_LABELS[kind])];
  const label = textContent(h('span', {}, heading)).trim() || CALLOUT_LABELS[kind];
  return h('aside', { className: ['callout', `callout-${kind}`], role: 'note', ariaLabel: label }, [h('strong', { className: ['callout-title'] }, heading), ...children]);
}

interface HastState {
  all(node: unknown): ElementContent[];
}

/** remark-rehype handler for callout nodes. */
export function calloutToHast(state: HastState, node: CalloutNode): Element {
  const title = node.title ? state.all({ type: 'paragraph', children: node.title }) : undefined;
  return calloutElement(node.kind, title, state.all(node));
}

/** The Markdown version's callout: a blockquote opening with its label in bold (the title, or the kind's label), then the content. */
export function calloutToMarkdown(node: CalloutNode, convert: Pick<MarkdownConvert, 'phrasing' | 'flow'>): Blockquote {
  const label = node.title ? convert.phrasing(node.title) : [{ type: 'text', value: CALLOUT_LABELS[node.kind] } as Text];
  return { type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'strong', children: label }] }, ...convert.flow(node.children)] };
}
