/**
 * How content is parsed: MDX (remark-mdx) with GitHub-flavoured Markdown, images alone in their
 * paragraph unwrapped. The one definition shared by the HTML renderer (render.ts) and the Markdown
 * twin (twin.ts), so both outputs come from the same syntax tree.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkUnwrapImages from 'remark-unwrap-images';

export function contentParser() {
  return unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkUnwrapImages);
}
