/**
 * How content is parsed: MDX (remark-mdx) with GitHub-flavoured Markdown, callouts in every
 * dialect (callouts.ts), tabs (tabs.ts), images alone in their paragraph unwrapped. The one definition shared by
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
import { directiveFromMarkdown } from 'mdast-util-directive';
import type { Processor } from 'unified';
import { normalizeCalloutFences, remarkCallouts } from './callouts';
import { withFirstLine } from './errors';
import { remarkTabs } from './tabs';

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

export function contentParser() {
  return unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(calloutSyntax).use(remarkCallouts).use(remarkTabs).use(remarkUnwrapImages);
}

/** What the parser reads for a body starting on line `firstLine` of `file`: positions are the file's own. */
export function contentFile(body: string, file: string, firstLine?: number): { value: string; path: string } {
  return { value: withFirstLine(body, firstLine), path: file };
}
