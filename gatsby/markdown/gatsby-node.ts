/**
 * `Mdx.rendered(basePath, assetPrefix, anchorAliases)`: the body as static HTML plus its table of contents,
 * rendered at build time (gatsby/markdown/render-node.ts). Posts and docs share one page
 * component per template instead of one webpack entry per content file. The base URL comes in
 * as arguments from the page context: query workers do not see --prefix-paths.
 */
import type { CreateResolversArgs, GatsbyNode } from 'gatsby';
import { renderMdxNode, type MdxSource } from './render-node';

export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers, getNode, getNodesByType, reporter, cache }: CreateResolversArgs) => {
  createResolvers({
    Mdx: {
      rendered: {
        type: 'JSON',
        // anchorAliases: the page's old anchors (JSON, gatsby/content/anchors.ts), in the page context so a new alias re-runs the query.
        args: { basePath: 'String', assetPrefix: 'String', anchorAliases: 'String' },
        resolve: (source: MdxSource, args: { basePath?: string | null; assetPrefix?: string | null; anchorAliases?: string | null }) =>
          renderMdxNode(source, {
            getNode,
            getNodesByType,
            reporter,
            cache,
            basePath: args.basePath ?? '',
            assetPrefix: args.assetPrefix ?? '',
            anchorAliases: args.anchorAliases ? (JSON.parse(args.anchorAliases) as Record<string, string>) : {},
          }),
      },
    },
  });
};
