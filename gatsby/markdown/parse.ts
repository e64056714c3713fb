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
import { cjkFriendlyExtension } from 'micromark-extension-cjk-friendly';
import remarkDirective from 'remark-directive';
import type { Processor } from 'unified';
import { normalizeCalloutFences, remarkCallouts } from './callouts';
import { withFirstLine } from './errors';
import { restoreDirectives, type MessageSink } from './restore-directives';
import { remarkTabs } from './tabs';
import { applyHeadingIds, extractHeadingIds } from './heading-ids';
import { remarkSteps } from './steps';
import { remarkFileTree } from './file-tree';
import { onlyWith } from './node-types';

/**
 * unified plugin: `:::` callouts (callouts.ts) and steps (steps.ts), read by remark-directive. The
 * source's ::: fences are normalised first (same-count nesting, titles after the name), line
 * numbers unchanged. remark-directive also reads the text (`:name`) and leaf (`::name`) forms,
 * which the site does not use and which would take colons in prose (时间：10:30 is safe, a:b,
 * note:important and a line ::before are not) for syntax: they are turned back into the text
 * they were written as, sliced from the string parsed (restore-directives.ts).
 */
function directiveSyntax(this: Processor) {
  const self = this as unknown as { Parser: (doc: string, file: MessageSink & { path?: string }) => Root };
  const parse = self.Parser;
  const parseRestored = (doc: string, file: MessageSink & { path?: string }): Root => {
    const source = normalizeCalloutFences(doc, file.path ?? '');
    const tree = parse(source, file);
    restoreDirectives(tree, source, file, (text) => parseRestored(text, { path: file.path, message: () => undefined }));
    return tree;
  };
  self.Parser = (doc, file) => parseRestored(String(doc), file);
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
    .use(remarkDirective)
    .use(directiveSyntax)
    .use(headingIdSyntax)
    .use(remarkSteps)
    .use(remarkCallouts)
    .use(remarkTabs)
    .use(remarkFileTree)
    .use(onlyWith(['image', 'imageReference'], remarkUnwrapImages));
}

/** What the parser reads for a body starting on line `firstLine` of `file`: positions are the file's own. */
export function contentFile(body: string, file: string, firstLine?: number): { value: string; path: string } {
  return { value: withFirstLine(body, firstLine), path: file };
}
