/**
 * How content is parsed: MDX (remark-mdx) with GitHub-flavoured Markdown, callouts in every
 * dialect (callouts.ts), tabs (tabs.ts), steps (steps.ts), file trees (file-tree.ts), explicit
 * heading ids (heading-ids.ts), images alone in their paragraph unwrapped. The one definition shared by
 * the HTML renderer (render.ts) and the Markdown twin (twin.ts), so both outputs come from the
 * same syntax tree.
 */
import type { Root } from 'mdast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkUnwrapImages from 'remark-unwrap-images';
import { directive } from 'micromark-extension-directive';
import { cjkFriendlyExtension } from 'micromark-extension-cjk-friendly';
import { directiveFromMarkdown } from 'mdast-util-directive';
import type { Processor } from 'unified';
import { normalizeCalloutFences, remarkCallouts } from './callouts';
import { withFirstLine } from './errors';
import { remarkTabs } from './tabs';
import { applyHeadingIds, extractHeadingIds } from './heading-ids';
import { remarkSteps } from './steps';
import { remarkFileTree } from './file-tree';

/**
 * unified plugin: `:::` callouts (callouts.ts). Only micromark-extension-directive's container
 * construct: its text (`:name`) and leaf (`::name`) forms would read colons in prose (时间：10:30,
 * a:b, ::before) as syntax. The source's ::: fences are normalised first (same-count nesting,
 * titles after the name), line numbers unchanged.
 */
function calloutSyntax(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const containers = (directive().flow?.[58] as Array<{ concrete?: boolean }>).filter((construct) => construct.concrete);
  if (containers.length !== 1) throw new Error('micromark-extension-directive: the ::: container construct was not found');
  (data.micromarkExtensions ??= []).push({ flow: { 58: containers } });
  (data.fromMarkdownExtensions ??= []).push(directiveFromMarkdown);
  const self = this as unknown as { Parser: (doc: string, file: { path?: string }) => Root };
  const parse = self.Parser;
  self.Parser = (doc, file) => parse(normalizeCalloutFences(String(doc), file.path ?? ''), file);
}

/**
 * unified plugin: explicit heading ids `## 标题 {#id}` (heading-ids.ts). The markers are blanked
 * before micromark reads the source (MDX would take them for expressions), then set on the
 * headings of their lines.
 */
function headingIdSyntax(this: Processor) {
  const self = this as unknown as { Parser: (doc: string, file: { path?: string }) => Root };
  const parse = self.Parser;
  self.Parser = (doc, file) => {
    const { source, ids } = extractHeadingIds(String(doc), file.path ?? '');
    const tree = parse(source, file);
    applyHeadingIds(tree, ids);
    return tree;
  };
}

/**
 * unified plugin: CJK-friendly emphasis (micromark-extension-cjk-friendly, the rule VitePress and
 * Rspress turn on). CommonMark does not close `**强调。**后文` (a closing `**` after full-width
 * punctuation and before a Han character) and prints the asterisks; with this rule it is bold.
 * Its attention construct takes the place of CommonMark's in the one parser, so the page, the twin
 * and search text read the same emphasis. (Version 1.2.3 is written for micromark 4; its construct
 * API is micromark 3's, and package.json's overrides hand it this parser's micromark.)
 */
function cjkFriendlyEmphasis(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(cjkFriendlyExtension());
}

export function contentParser() {
  return unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkGfm)
    .use(cjkFriendlyEmphasis)
    .use(calloutSyntax)
    .use(headingIdSyntax)
    .use(remarkSteps)
    .use(remarkCallouts)
    .use(remarkTabs)
    .use(remarkFileTree)
    .use(remarkUnwrapImages);
}

/** What the parser reads for a body starting on line `firstLine` of `file`: positions are the file's own. */
export function contentFile(body: string, file: string, firstLine?: number): { value: string; path: string } {
  return { value: withFirstLine(body, firstLine), path: file };
}
