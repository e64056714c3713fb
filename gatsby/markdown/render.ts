/**
 * MDX content → static HTML, once, at build time. Posts and docs are rendered here and handed to
 * one page component per template, so pages ship no per-file JavaScript, hydrate nothing inside
 * the article, and the build does not grow a webpack entry per content file.
 *
 * The remark/rehype plugin chain is the site's single definition of how content renders:
 * GitHub-flavoured Markdown, Prism highlighting, heading ids and anchors, code blocks with titles,
 * line marks and copy buttons, scrolling tables, base-URL-aware links, <Callout>, ::: and GitHub-alert
 * callouts, tabs, Mermaid diagrams. Gatsby adds its image plugins (responsive sizes, WebP) through
 * `remarkPlugins`; their images become zoomable (images.ts).
 */
import type { PluggableList } from 'unified';
import remarkRehype from 'remark-rehype';
import { toHtml } from 'hast-util-to-html';
import type { Processor } from 'unified';
import type { Root } from 'hast';
import { rehypePrism } from './prism';
import { calloutToHast } from './callouts';
import { rehypeCodeBlocks, rehypeCodeMeta } from './code-blocks';
import { esmToHast, expressionToHast, jsxToHast } from './jsx';
import { rehypeZoomableImages } from './images';
import { rehypeLinks } from './links';
import { rehypeSectionButtons } from './section-buttons';
import { rehypeScrollTables } from './tables';
import { tabsToHast } from './tabs';
import { stepsToHast } from './steps';
import { fileTreeToHast } from './file-tree';
import { remarkCoverOnce } from './cover';
import { remarkDiagrams, type DrawSvg } from './diagrams';
import { contentFile, contentParser } from './parse';
import { tocFromHast } from './toc';
import type { TocEntry } from '../../src/lib/types/toc';
import { rehypeHeadings } from './headings';

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
  const processor = contentParser()
    .use(remarkCoverOnce, {
      src: cover,
      onFound: (alt: string) => {
        coverAlt = alt;
      },
    })
    .use(remarkDiagrams, { file, draw: drawDiagram })
    .use(remarkPlugins)
    .use(remarkRehype, {
      allowDangerousHtml: true,
      handlers: {
        mdxJsxFlowElement: (state: never, node: never) => jsxToHast(state, node, { file }),
        mdxJsxTextElement: (state: never, node: never) => jsxToHast(state, node, { file }),
        mdxFlowExpression: (state: never, node: never) => expressionToHast(state, node, { file }),
        mdxTextExpression: (state: never, node: never) => expressionToHast(state, node, { file }),
        mdxjsEsm: (state: never, node: never) => esmToHast(state, node, { file }),
        callout: calloutToHast,
        tabs: tabsToHast,
        steps: stepsToHast,
        fileTree: fileTreeToHast,
      } as never,
    })
    .use(rehypeCodeMeta)
    .use(rehypePrism)
    .use(rehypeCodeBlocks)
    .use(rehypeScrollTables)
    .use(rehypeLinks, { pathPrefix })
    .use(rehypeZoomableImages)
    .use(rehypeHeadings, anchorAliases)
    .use(() => (tree: Root) => {
      toc = tocFromHast(tree);
      hast = tree;
    })
    .use(rehypeSectionButtons)
    .use(htmlCompiler);
  const html = String(await processor.process(contentFile(source, file, firstLine)));
  return { html, toc, coverAlt, tree: hast };
}
