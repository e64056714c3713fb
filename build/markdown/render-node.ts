/**
 * The Gatsby side of build-time content rendering: renders an Mdx node's body with the site's
 * renderer (src/lib/markdown/render.ts), adding Gatsby's image processing (gatsby-remark-images:
 * responsive widths, WebP, known dimensions) and linked-file copying as remark plugins. Used by
 * the `Mdx.rendered` field that the post and doc templates query.
 */
import type { GatsbyCache, Node, NodePluginArgs, Reporter } from 'gatsby';
import remarkImages from 'gatsby-remark-images';
import copyLinkedFiles from 'gatsby-remark-copy-linked-files';
import { renderMdx, type RenderedMdx } from '../../src/lib/markdown/render';
import { buildDrawDiagram } from './diagrams';

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

export interface RenderHelpers {
  getNode: NodePluginArgs['getNode'];
  getNodesByType: NodePluginArgs['getNodesByType'];
  reporter: Reporter;
  cache: GatsbyCache;
  /** Prefix of page URLs ('' unless built with --prefix-paths). */
  basePath: string;
  /** Prefix of asset URLs (the base path, or an asset prefix when one is set). */
  assetPrefix: string;
}

export interface MdxSource extends Node {
  body?: string;
  frontmatter?: { image?: unknown };
  fields?: { kind?: string | null } | null;
}

function contentFileOf(node: MdxSource, getNode: NodePluginArgs['getNode']): string {
  const file = node.parent ? (getNode(node.parent) as (Node & { sourceInstanceName?: string; relativePath?: string }) | undefined) : undefined;
  return file?.relativePath ? `content/${file.sourceInstanceName}/${file.relativePath}` : node.id;
}

export async function renderMdxNode(node: MdxSource, helpers: RenderHelpers): Promise<RenderedMdx> {
  const { getNode, getNodesByType, reporter, cache, basePath, assetPrefix } = helpers;
  const file = contentFileOf(node, getNode);
  const gatsbyPlugin = (plugin: GatsbyRemarkPlugin, options: Record<string, unknown>) => () => async (markdownAST: unknown) => {
    await plugin({ markdownAST, markdownNode: node, files: getNodesByType('File'), getNode, reporter, cache, pathPrefix: assetPrefix }, options);
  };
  try {
    return await renderMdx(node.body ?? '', {
      file,
      pathPrefix: basePath,
      // ```mermaid diagrams: drawn once per content, kept in the build cache (build/markdown/diagrams.ts).
      drawDiagram: buildDrawDiagram(),
      // Only posts show their frontmatter image as a cover.
      cover: node.fields?.kind === 'post' && typeof node.frontmatter?.image === 'string' ? node.frontmatter.image : undefined,
      remarkPlugins: [
        gatsbyPlugin(remarkImages, IMAGE_OPTIONS),
        gatsbyPlugin(copyLinkedFiles, { ignoreFileExtensions: ['png', 'jpg', 'jpeg', 'webp'] }),
      ],
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const located = message.includes(file) ? message : `${file}：${message}`;
    reporter.panicOnBuild(`内容无法渲染：${located}`);
    throw error;
  }
}
