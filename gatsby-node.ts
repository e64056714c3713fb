/**
 * Gatsby's build hooks, wired from the features that own them (build/<feature>/gatsby.ts). This
 * file decides nothing: where a hook has several owners they run in the order listed.
 */
import type { GatsbyNode } from 'gatsby';
import * as content from './build/content/gatsby';
import * as images from './build/gatsby/images/gatsby';
import * as webpack from './build/gatsby/webpack/gatsby';
import * as markdown from './build/markdown/gatsby';
import * as pages from './build/pages/gatsby';
import * as postbuild from './build/postbuild/gatsby';
import * as search from './build/search/gatsby';
import * as travel from './build/travel/develop';

type Hook<K extends keyof GatsbyNode> = NonNullable<GatsbyNode[K]>;

/** Several features' handlers of one hook, run one after another. */
function inOrder<K extends keyof GatsbyNode>(...handlers: Array<Hook<K>>): Hook<K> {
  return (async (...args: unknown[]) => {
    for (const handler of handlers) await (handler as (...a: unknown[]) => unknown)(...args);
  }) as unknown as Hook<K>;
}

/** The image cache goes in before any job; the synonym file is checked before anything slow. */
export const onPreBootstrap = inOrder<'onPreBootstrap'>(images.onPreBootstrap!, search.onPreBootstrap!);
export const createSchemaCustomization = content.createSchemaCustomization;
export const createResolvers = markdown.createResolvers;
export const onCreateNode = content.onCreateNode;
export const onCreatePage = search.onCreatePage;
export const createPages = pages.createPages;
export const onCreateWebpackConfig = webpack.onCreateWebpackConfig;
export const onPreBuild = images.onPreBuild;
export const onPostBuild = postbuild.onPostBuild;
/** gatsby develop: search files that follow the content, twins and share cards on request. */
export const onCreateDevServer = inOrder<'onCreateDevServer'>(search.onCreateDevServer!, travel.onCreateDevServer!);
