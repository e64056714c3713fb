/**
 * Gatsby's build hooks, wired from the features that own them (gatsby/<feature>/gatsby-node.ts). This
 * file decides nothing: where a hook has several owners they run in the order listed.
 */
import type { GatsbyNode } from 'gatsby';
import * as codeChange from './gatsby/framework/code-change/gatsby-node';
import * as content from './gatsby/content/gatsby-node';
import * as images from './gatsby/framework/images/gatsby-node';
import * as webpack from './gatsby/framework/webpack/gatsby-node';
import * as markdown from './gatsby/markdown/gatsby-node';
import * as pages from './gatsby/pages/gatsby-node';
import * as postbuild from './gatsby/postbuild/gatsby-node';
import * as search from './gatsby/search/gatsby-node';
import * as pageExports from './gatsby/exports/gatsby-node';

type Hook<K extends keyof GatsbyNode> = NonNullable<GatsbyNode[K]>;

/** Several features' handlers of one hook, run one after another. */
function inOrder<K extends keyof GatsbyNode>(...handlers: Array<Hook<K>>): Hook<K> {
  return (async (...args: unknown[]) => {
    for (const handler of handlers) await (handler as (...a: unknown[]) => unknown)(...args);
  }) as unknown as Hook<K>;
}

/** A cache made by other build code is dropped before Gatsby decides to keep it. */
export const onPreInit = codeChange.onPreInit;
/** The build code that makes the cache is noted; related posts' term counting starts on its thread; the image cache goes in before any job; the synonym file is checked before anything slow. */
export const onPreBootstrap = inOrder<'onPreBootstrap'>(codeChange.onPreBootstrap!, content.onPreBootstrap!, images.onPreBootstrap!, search.onPreBootstrap!);
export const createSchemaCustomization = content.createSchemaCustomization;
export const createResolvers = markdown.createResolvers;
export const onCreateNode = content.onCreateNode;
export const onCreatePage = search.onCreatePage;
export const createPages = pages.createPages;
export const onCreateWebpackConfig = webpack.onCreateWebpackConfig;
export const onPostBuild = postbuild.onPostBuild;
/** gatsby develop: search files that follow the content, Markdown versions and share cards on request. */
export const onCreateDevServer = inOrder<'onCreateDevServer'>(search.onCreateDevServer!, pageExports.onCreateDevServer!);
