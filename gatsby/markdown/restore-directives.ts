/**
 * Colons in prose stay prose. The parser reads directives through remark-directive
 * (constructs/callouts.ts), which turns on all three forms of the syntax; the site uses only the `:::` container (callouts,
 * steps). The other two would read ordinary colons as syntax: `a:b`, `note:important` and a
 * leading `:name` become text directives, a line `::before` a leaf directive. restoreDirectives()
 * turns each of them back into the characters it was written with, sliced from the parsed source
 * by its position (verbatim, not written out again), and merges them with the text around them, so
 * the tree is the one a parser without those two forms makes: the page, the Markdown version and search read
 * the source.
 *
 * Two things still differ, and each is reported (a vfile message, which `npm run check:content`
 * prints as a warning with the file's line): a `[…]` right after `word:name` is the directive's
 * label and is shown as written (its Markdown, a link too, is not rendered), and a `{…}` right
 * after it is its attributes, not an MDX expression. Written `word\:name`, both are what they were.
 *
 * Pure functions over text and plain syntax-tree objects: unit-testable.
 */
import type { Root } from 'mdast';

/** The vfile message's origin (`source:ruleId`) for a restored directive that carried a label or attributes. */
export const RESTORED_DIRECTIVE_SOURCE = 'iofomo-site';
export const RESTORED_DIRECTIVE_RULE = 'restored-directive';

/** What restoreDirectives needs of a vfile: its `message` (a warning, not an error). */
export interface MessageSink {
  message(reason: string, place?: Position, origin?: string): unknown;
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}

interface Position {
  start: Point;
  end: Point;
}

type Node = { type: string; children?: Node[]; value?: string; name?: string; position?: Position };

/** Where `node` starts and ends in the source parsed. */
function offsets(node: Node): { start: number; end: number } {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) throw new Error(`restoreDirectives: a ${node.type} without offsets`);
  return { start, end };
}

/**
 * `source` from `start` to `end` as a paragraph's text holds it: on the lines after the first, the
 * container's prefix (indent, `>` inside a quote) left out, and the spaces ending each line but
 * the last, as Markdown leaves them out of a paragraph.
 */
function asParagraphText(source: string, start: number, end: number, inQuote: boolean): string {
  const prefix = inQuote ? /^[ \t]*(?:>[ \t]?)*[ \t]*/ : /^[ \t]*/;
  const lines = source.slice(start, end).split(/\r?\n/);
  return lines
    .map((line, i) => (i > 0 ? line.replace(prefix, '') : line))
    .map((line, i) => (i < lines.length - 1 ? line.replace(/[ \t]+$/, '') : line))
    .join('\n');
}

/** The characters a directive was written with (a leaf's line without its trailing spaces). */
function writtenText(node: Node, source: string, inQuote: boolean): string {
  const { start, end } = offsets(node);
  const text = asParagraphText(source, start, end, inQuote);
  return node.type === 'leafDirective' ? text.replace(/[ \t]+$/, '') : text;
}

/** Where the `[…]` of `![…]` written from `from` ends (the index of its `]`), brackets balanced, escapes and code spans skipped. */
function labelEnd(source: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '`') {
      const run = /^`+/.exec(source.slice(i, to))?.[0] ?? '`';
      const close = source.indexOf(run, i + run.length);
      if (close >= 0 && close < to) i = close + run.length - 1;
      else i += run.length - 1;
    } else if (c === '[') depth += 1;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

/** What an image's alt is made of: the text of its description, as mdast-util-to-string reads it. */
function plainText(node: Node & { alt?: string | null }): string {
  if (typeof node.value === 'string') return node.value;
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  return (node.children ?? []).map(plainText).join('');
}

/** The paragraph a line right after `node` would continue (lazily, in a list or quote), if `node` ends in one. */
function lastParagraph(node: Node | undefined): Node | undefined {
  if (!node) return undefined;
  if (node.type === 'paragraph') return node;
  if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') return lastParagraph(node.children?.[node.children.length - 1]);
  return undefined;
}

/** Appends `node` to `nodes`, merged into the text before it. */
function appendPhrasing(nodes: Node[], node: Node): void {
  const last = nodes[nodes.length - 1];
  if (last?.type !== 'text' || node.type !== 'text') {
    nodes.push(node);
    return;
  }
  const position = last.position && node.position ? { start: last.position.start, end: node.position.end } : undefined;
  nodes[nodes.length - 1] = { ...last, value: `${last.value ?? ''}${node.value ?? ''}`, position };
}

/**
 * `paragraph` + the next line's `next` (a paragraph), as one paragraph: what a line of text after a
 * line of text is. The line between them ends in a hard break when it does in `source` (two
 * spaces or a backslash: at the end of a paragraph they were nothing, or the backslash itself).
 */
function joinLines(paragraph: Node, next: Node, source: string): void {
  const children = paragraph.children ?? [];
  const from = paragraph.position?.end.offset ?? 0;
  const lineEnd = source.indexOf('\n', from);
  const line = source.slice(source.lastIndexOf('\n', from - 1) + 1, lineEnd < 0 ? source.length : lineEnd).replace(/\r$/, '');
  const last = children[children.length - 1];
  const backslash = (/\\+$/.exec(line)?.[0].length ?? 0) % 2 === 1 && last?.type === 'text' && last.value?.endsWith('\\');
  if (backslash) children[children.length - 1] = { ...last, value: (last.value ?? '').slice(0, -1) };
  appendPhrasing(children, backslash || /[ \t]{2,}$/.test(line) ? { type: 'break' } : { type: 'text', value: '\n' });
  for (const child of next.children ?? []) appendPhrasing(children, child);
  paragraph.children = children;
  const end = next.position?.end;
  if (paragraph.position && end) paragraph.position = { start: paragraph.position.start, end };
}

/** The line a node starts or ends on. */
const lineOf = (node: Node | undefined, edge: 'start' | 'end') => node?.position?.[edge].line ?? Number.NaN;

/** A text directive's colon: one that a letter follows and that is not escaped or after another colon. */
const TEXT_DIRECTIVE = /(?:^|[^:\\]):[A-Za-z]/;

interface Context {
  source: string;
  file: MessageSink;
  /** The site's parser (directives restored) for a piece of text: an image's description. */
  reparse: (text: string) => Root;
}

/**
 * An image whose description held a text directive lost it from its alt (mdast-util-from-markdown
 * keeps only a directive's label there): the alt again, from the description as written, parsed.
 */
function restoreAlt(image: Node & { alt?: string | null }, { source, reparse }: Context, inQuote: boolean): void {
  const { start, end } = offsets(image);
  const close = labelEnd(source, start + 1, end);
  if (close < 0) return;
  const description = asParagraphText(source, start + 2, close, inQuote);
  if (TEXT_DIRECTIVE.test(description)) image.alt = plainText(reparse(description) as unknown as Node);
}

/** Reports a directive written with a label or attributes (what is shown differs from what it was before). */
function report(directive: Node, written: string, { file }: Context): void {
  const after = written.charAt((directive.type === 'textDirective' ? 1 : 2) + (directive.name ?? '').length);
  if (after !== '[' && after !== '{') return;
  file.message(
    `\`${written}\` 按原文显示：冒号和名字后面紧跟的 […] 不按 Markdown 解析（链接也不会生效），{…} 不是表达式；要照常解析，把冒号写成 \\:`,
    directive.position,
    `${RESTORED_DIRECTIVE_SOURCE}:${RESTORED_DIRECTIVE_RULE}`,
  );
}

/** Restores the directives among `parent`'s children (and below), see the module comment. */
function restoreIn(parent: Node, context: Context, inQuote: boolean): void {
  const out: Node[] = [];
  /** The paragraph a leaf directive's line went into, which the next line of text continues. */
  let open: Node | undefined;
  for (const child of parent.children ?? []) {
    const continued = open;
    open = undefined;
    if (child.type === 'textDirective' || child.type === 'leafDirective') {
      const written = writtenText(child, context.source, inQuote);
      report(child, written, context);
      const text: Node = { type: 'text', value: written, position: child.position };
      if (child.type === 'textDirective') {
        appendPhrasing(out, text);
        continue;
      }
      const line: Node = { type: 'paragraph', children: [text], position: child.position };
      const before = lastParagraph(out[out.length - 1]);
      if (before && lineOf(before, 'end') === lineOf(child, 'start') - 1) {
        joinLines(before, line, context.source);
        open = before;
      } else {
        out.push(line);
        open = line;
      }
      continue;
    }
    if (child.children) restoreIn(child, context, inQuote || child.type === 'blockquote');
    if (child.type === 'image' || child.type === 'imageReference') restoreAlt(child, context, inQuote);
    if (continued && child.type === 'paragraph' && lineOf(child, 'start') === lineOf(continued, 'end') + 1) joinLines(continued, child, context.source);
    else appendPhrasing(out, child);
  }
  parent.children = out;
}

/**
 * Turns every text and leaf directive in `tree` back into the text it was written as (see the
 * module comment); container directives stay. `source` is the string the tree was parsed from;
 * `reparse` parses a piece of text the same way (for an image's alt). Reports, through
 * `file.message`, each directive that carried a label or attributes.
 */
export function restoreDirectives(tree: Root, source: string, file: MessageSink, reparse: (text: string) => Root): void {
  restoreIn(tree as unknown as Node, { source, file, reparse }, false);
}
