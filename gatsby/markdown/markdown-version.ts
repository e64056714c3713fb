/**
 * A post's or doc's Markdown version (served at its URL + .md, listed in llms.txt): parsed by the same
 * parser as the HTML (parse.ts), MDX turned into plain Markdown (markdown-version-tree.ts), serialised by
 * mdast-util-to-markdown with GFM (tables, strikethrough, footnotes, task lists).
 */
import type { Root } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { remarkCoverOnce } from './cover';
import { contentFile, contentParser } from './parse';
import { markdownVersionTree, type MarkdownVersionTreeOptions } from './markdown-version-tree';

export interface MarkdownVersionOptions extends Omit<MarkdownVersionTreeOptions, 'cover'> {
  /** A post's cover: the frontmatter image as written (a body copy of it is left out, as on the page). */
  cover?: { src: string; fallbackAlt: string };
}

/** Markdown as people write it: ATX headings, fenced code, "-" bullets, "*" emphasis, no autolinks. */
export const MARKDOWN_STYLE = {
  bullet: '-',
  // A list right after another (two tab sets in a row) switches marker instead of a <!----> separator.
  bulletOther: '*',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  resourceLink: true,
} as const;

export function serializeMarkdown(tree: Root): string {
  return toMarkdown(tree, { ...MARKDOWN_STYLE, extensions: [gfmToMarkdown()] });
}

export async function renderMarkdownVersion(source: string, options: MarkdownVersionOptions): Promise<string> {
  const { cover, ...rest } = options;
  let coverAlt: string | null = null;
  const processor = contentParser().use(remarkCoverOnce, {
    src: cover?.src,
    onFound: (alt: string) => {
      coverAlt = alt;
    },
  });
  const file = contentFile(source, options.file, options.firstLine);
  const tree = (await processor.run(processor.parse(file), file)) as Root;
  return serializeMarkdown(markdownVersionTree(tree, { ...rest, cover: cover ? { url: options.imageUrl(cover.src), alt: coverAlt || cover.fallbackAlt } : undefined }));
}
