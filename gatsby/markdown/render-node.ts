/**
 * The Gatsby side of build-time content rendering: renders an Mdx node's body with the site's
 * renderer (gatsby/markdown/render.ts), adding Gatsby's image processing (gatsby-remark-images:
 * responsive widths, WebP, known dimensions) and linked-file copying as remark plugins. Used by
 * the `Mdx.rendered` field that the post and doc templates query.
 */
import { readFileSync } from 'node:fs';
import type { GatsbyCache, Node, NodePluginArgs, Reporter } from 'gatsby';
import copyLinkedFiles from 'gatsby-remark-copy-linked-files';
import { bodyFirstLine, contentErrorMessage } from './errors';
import { renderMdx, type RenderedMdx } from './render';
import { developErrors, problemHtml, problemOf } from './develop-errors';
import { remarkImagesWithCachedStats } from '../framework/images/image-stats';
import { buildDrawDiagram } from './draw-diagrams';
import { gatsbyCommand } from '../framework/internals';
import { heapKeeper } from '../memory';
import { filesByPath, filesNamedBy } from './linked-files';
import { onlyWith } from './node-types';

/** Images are shown at most 860 px wide (the article column); 640 px covers phones at 2×. */
export const IMAGE_OPTIONS = {
  maxWidth: 860,
  srcSetBreakpoints: [320, 640],
  linkImagesToOriginal: false,
  withWebp: true,
  backgroundColor: 'transparent',
  disableBgImageOnAlpha: true,
  quality: 80,
};

type GatsbyRemarkPlugin = (args: Record<string, unknown>, options: Record<string, unknown>) => unknown;

/** The node types each Gatsby remark plugin acts on (it visits these and nothing else): see node-types.ts. */
const IMAGE_NODES = ['image', 'imageReference', 'html', 'jsx'];
const LINKED_FILE_NODES = ['link', 'definition', 'image', 'html', 'jsx'];

export interface RenderHelpers {
  getNode: NodePluginArgs['getNode'];
  getNodesByType: NodePluginArgs['getNodesByType'];
  reporter: Reporter;
  cache: GatsbyCache;
  /** Prefix of page URLs ('' unless built with --prefix-paths). */
  basePath: string;
  /** Prefix of asset URLs (the base path, or an asset prefix when one is set). */
  assetPrefix: string;
  /** The page's old anchors → the heading ids they land on (gatsby/content/anchors.ts). */
  anchorAliases?: Record<string, string>;
}

export interface MdxSource extends Node {
  body?: string;
  frontmatter?: { image?: unknown };
  fields?: { kind?: string | null } | null;
}

/** The content file as editors know it, and the line of it the body starts on. */
function contentFileOf(node: MdxSource, getNode: NodePluginArgs['getNode']): { file: string; firstLine: number } {
  const file = node.parent ? (getNode(node.parent) as (Node & { sourceInstanceName?: string; relativePath?: string; absolutePath?: string }) | undefined) : undefined;
  if (!file?.relativePath) return { file: node.id, firstLine: 1 };
  let firstLine = 1;
  try {
    if (file.absolutePath) firstLine = bodyFirstLine(readFileSync(file.absolutePath, 'utf8'), node.body ?? '');
  } catch {
    /* the file went away meanwhile (develop): lines count from the body */
  }
  return { file: `content/${file.sourceInstanceName}/${file.relativePath}`, firstLine };
}

/**
 * The File nodes gatsby-remark-images and copy-linked-files look images and linked files up in,
 * and their index by path (linked-files.ts). Gatsby's getNodesByType reads every File node out of
 * its store on each call, so calling it for each page made the page queries of a build quadratic
 * (5,000 pages: 150 s instead of about 40 s). A build sources every node before its page queries
 * run and changes none while they run, so a build (each query worker) reads them once; `gatsby
 * develop`, where files come and go between queries, reads them on each call.
 */
type FileNode = Node & { absolutePath?: string };
let buildFiles: { all: FileNode[]; index: Map<string, FileNode> } | null = null;
function fileNodes(getNodesByType: NodePluginArgs['getNodesByType']): NonNullable<typeof buildFiles> {
  const read = () => {
    const all: FileNode[] = getNodesByType('File');
    return { all, index: filesByPath(all) };
  };
  return gatsbyCommand() === 'build' ? (buildFiles ??= read()) : read();
}

/** `gatsby build` renders every page in its query process, which V8 otherwise lets grow to 4–5 × what it holds (gatsby/memory.ts). */
let keepHeap: (() => boolean) | null = null;

export async function renderMdxNode(node: MdxSource, helpers: RenderHelpers): Promise<RenderedMdx> {
  const { getNode, getNodesByType, reporter, cache, basePath, assetPrefix, anchorAliases } = helpers;
  const { file, firstLine } = contentFileOf(node, getNode);
  // gatsby-remark-images with the answer to "is this image transparent?" remembered per image for the process (image-stats.ts);
  // outside the try: a failure here is the site's, not this content file's.
  const remarkImages = remarkImagesWithCachedStats() as GatsbyRemarkPlugin;
  // The content file's folder: the plugins join a page's URLs to it.
  const dir = (node.parent && (getNode(node.parent) as { dir?: string } | undefined)?.dir) || '';
  const gatsbyPlugin = (plugin: GatsbyRemarkPlugin, options: Record<string, unknown>, types: readonly string[]) =>
    onlyWith(types, () => async (markdownAST: unknown) => {
      const { all, index } = fileNodes(getNodesByType);
      const files = dir ? filesNamedBy(markdownAST as Parameters<typeof filesNamedBy>[0], dir, index, all) : all;
      await plugin({ markdownAST, markdownNode: node, files, getNode, reporter, cache, pathPrefix: assetPrefix }, options);
    });
  try {
    const rendered = await renderMdx(node.body ?? '', {
      file,
      firstLine,
      pathPrefix: basePath,
      anchorAliases,
      // ```mermaid diagrams: drawn once per content, kept in the build cache (gatsby/markdown/draw-diagrams.ts).
      drawDiagram: buildDrawDiagram(),
      // Only posts show their frontmatter image as a cover.
      cover: node.fields?.kind === 'post' && typeof node.frontmatter?.image === 'string' ? node.frontmatter.image : undefined,
      remarkPlugins: [gatsbyPlugin(remarkImages, IMAGE_OPTIONS, IMAGE_NODES), gatsbyPlugin(copyLinkedFiles, { ignoreFileExtensions: ['png', 'jpg', 'jpeg', 'webp'] }, LINKED_FILE_NODES)],
    });
    developErrors()?.set('render', file, null);
    if (gatsbyCommand() === 'build') (keepHeap ??= heapKeeper())();
    return rendered;
  } catch (error) {
    // One message, the file's own line: the same as check:content's and the develop server's.
    const message = contentErrorMessage(error, file);
    // gatsby develop: the overlay shows it and the page shows it in place of its body, so the
    // template still renders and the fix replaces it; the server and the other pages go on.
    const board = developErrors();
    if (board) {
      const problem = problemOf(message, file);
      board.set('render', file, problem);
      reporter.error(message);
      return { html: problemHtml(problem), toc: [], coverAlt: null };
    }
    reporter.panicOnBuild(message);
    throw error;
  }
}
