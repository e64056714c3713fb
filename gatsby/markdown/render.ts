/**
 * MDX content → static HTML, once, at build time. Posts and docs are rendered here and handed to
 * one page component per template, so pages ship no per-file JavaScript, hydrate nothing inside
 * the article, and the build does not grow a webpack entry per content file.
 *
 * The remark/rehype plugin chain is the site's single definition of how content renders: the
 * one parser (parse.ts), then the content constructs' steps and node handlers (constructs/: Prism
 * highlighting, heading ids and anchors, code blocks with titles, line marks and copy buttons,
 * scrolling tables, base-URL-aware links, callouts, tabs, steps, file trees, Mermaid diagrams).
 * Gatsby adds its image plugins (responsive sizes, WebP) through `remarkPlugins`, between the
 * constructs' remark steps and the HTML; their images become zoomable (images.ts). The table of
 * contents and the search tree are read from the finished tree.
 */
import type { PluggableList } from 'unified';
import remarkRehype from 'remark-rehype';
import { toHtml } from 'hast-util-to-html';
import type { Processor } from 'unified';
import type { Root } from 'hast';
import { remarkCoverOnce } from './cover';
import type { DrawSvg } from './diagrams';
import { contentFile, contentParser } from './parse';
import { tocFromHast } from './toc';
import type { TocEntry } from '../../src/lib/types/toc';
import { hastHandlers, rehypeSteps, remarkSteps } from './constructs';
import type { RenderContext } from './constructs/types';

export interface RenderOptions {
  /** The file as editors know it (content/blog/…/index.mdx), for error messages. */
  file: string;
  /** The line of the file the body starts on (after the frontmatter), so errors name the file's own line. */
  firstLine?: number;
  /** The site's base URL when built under a path prefix ('' at the root). */
  pathPrefix?: string;
  /** Extra remark plugins that run after GFM (Gatsby's image processing). */
  remarkPlugins?: PluggableList;
  /** The post's frontmatter image: a body image of the same file is left out (see cover.ts). */
  cover?: string;
  /** Old anchors of reworded headings → the heading id they land on now (gatsby/content/anchors.ts). */
  anchorAliases?: Readonly<Record<string, string>>;
  /** How ```mermaid diagrams are drawn (the build's cached beautiful-mermaid: gatsby/markdown/draw-diagrams.ts). */
  drawDiagram?: DrawSvg;
}

export interface RenderedMdx {
  html: string;
  toc: TocEntry[];
  /** Alt text of the body image that was the cover, when there was one. */
  coverAlt: string | null;
  /** The hast tree the HTML was written from (search cuts its sections from it: gatsby/search/sections.ts). */
  tree?: Root;
}

/**
 * unified plugin: the page's HTML, raw HTML kept, by hast-util-to-html 9 (what rehype-stringify 10
 * does, for this unified 10 chain). Version 8 made a new regular expression for every text node
 * (its escape set was a new array each time, so stringify-entities' cache never hit): about 5 % of
 * the page queries.
 */
function htmlCompiler(this: Processor) {
  Object.assign(this, { Compiler: (tree: Root) => toHtml(tree as Parameters<typeof toHtml>[0], { allowDangerousHtml: true }) });
}

export async function renderMdx(source: string, { file, firstLine, pathPrefix = '', remarkPlugins = [], cover, drawDiagram, anchorAliases }: RenderOptions): Promise<RenderedMdx> {
  let toc: TocEntry[] = [];
  let hast: Root = { type: 'root', children: [] };
  let coverAlt: string | null = null;
  const context: RenderContext = { file, pathPrefix, anchorAliases, drawDiagram };
  const processor = contentParser()
    .use(remarkCoverOnce, {
      src: cover,
      onFound: (alt: string) => {
        coverAlt = alt;
      },
    })
    .use(remarkSteps(context))
    .use(remarkPlugins)
    .use(remarkRehype, { allowDangerousHtml: true, handlers: hastHandlers(context) as never })
    .use(rehypeSteps(context))
    .use(() => (tree: Root) => {
      toc = tocFromHast(tree);
      hast = tree;
    })
    .use(htmlCompiler);
  const html = String(await processor.process(contentFile(source, file, firstLine)));
  return { html, toc, coverAlt, tree: hast };
}
