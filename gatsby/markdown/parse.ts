/**
 * How content is parsed: MDX (remark-mdx) with GitHub-flavoured Markdown, then the parse steps of
 * the content constructs (constructs/: CJK-friendly emphasis, `:::` containers, explicit heading
 * ids, steps, callouts, tabs, file trees, images alone in their paragraph unwrapped). The one
 * definition shared by the HTML renderer (render.ts) and the Markdown version (markdown-version.ts), so both
 * outputs come from the same syntax tree.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import { withFirstLine } from './errors';
import { parseSteps } from './constructs';

export function contentParser() {
  return unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(parseSteps());
}

/** What the parser reads for a body starting on line `firstLine` of `file`: positions are the file's own. */
export function contentFile(body: string, file: string, firstLine?: number): { value: string; path: string } {
  return { value: withFirstLine(body, firstLine), path: file };
}
