/**
 * Every assumption this site makes about Gatsby's internals, in one place. Gatsby 5 is in
 * maintenance mode: an upgrade that changes one of these should fail one named canary test
 * (__tests__/unit/gatsby-internals.test.ts, which checks each against the installed gatsby), not
 * silently change what the build does. Other files import from here instead of repeating a rule.
 *
 * - what Gatsby writes to public/: page-data paths, page HTML files, which HTML files are pages
 *   (output.cjs, plain CommonJS so the .mjs post-build passes and bench/ share it);
 * - its environment: the command it runs;
 * - its cache: what decides that it is kept, and what makes Gatsby delete it (a node store without public/);
 * - its redux store: the pages, their components' queries and dirty flags, the Babel state, the
 *   browserslist and the site directory;
 * - its webpack configuration: its JavaScript rule, gatsby-plugin-typescript's rule, how a page
 *   template is told apart, the Babel plugins its babel-loader always adds, its runtime modules;
 * - gatsby-plugin-sharp's worker, which its job manager calls for every image;
 * - names in its browser runtime and gatsby-plugin-image's head keys (src/lib/gatsby-runtime.ts:
 *   bundled code cannot import gatsby/);
 * - its emitter: the action a build dispatches once the page data is written;
 * - its develop server: the Express app's middleware order, its overlay and emitter events, and
 *   the patch hunks' entry points and its node mutation batch (patches/gatsby+<version>.patch, docs/gatsby.md);
 * - beyond Gatsby, one library the build reaches into: Emotion's mark for styles it has already
 *   placed (`data-s`, gatsby/postbuild/emotion-styles.ts).
 */
import path from 'node:path';
import { htmlFileOfPage, pageDataPath } from './output.cjs';

export { firstLoadScripts, htmlFileOfPage, NOT_PAGE_FOLDERS, pageDataPath, pageHtmlFiles, pagePathOfHtmlFile, WEBPACK_STATS_FILE } from './output.cjs';
export { GATSBY_FOCUS_WRAPPER_ID, GATSBY_IMAGE_HEAD_KEYS, GATSBY_NAVIGATE } from '../../src/lib/gatsby-runtime';

// ---------- public/ ----------

/** A page's page-data.json in publicDir (output.cjs pageDataPath). */
export function pageDataFile(publicDir: string, pagePath: string): string {
  return path.join(publicDir, ...pageDataPath(pagePath).split('/'));
}

/** A page's HTML file in publicDir (output.cjs htmlFileOfPage). */
export function pageHtmlFile(publicDir: string, pagePath: string): string {
  return path.join(publicDir, ...htmlFileOfPage(pagePath).split('/'));
}

// ---------- the environment ----------

/** The command Gatsby is running ('build', 'develop' …): gatsby-cli puts it in the environment. */
export function gatsbyCommand(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.gatsby_executing_command;
}

// ---------- the redux store ----------

/** Gatsby's store as its API hands it to a hook (typed there with getState: Function). */
interface StoreLike {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Gatsby's own type for it: a narrower one is not assignable
  getState: Function;
}

interface StoreState {
  program?: { directory?: string; browserslist?: string[] };
  babelrc?: { stages?: Record<string, { plugins: BabelItem[]; presets: BabelItem[] }> };
}

const stateOf = (store: StoreLike) => (store.getState as () => StoreState)();

/** A Babel plugin or preset as Gatsby keeps it (state.babelrc.stages[stage]). */
export interface BabelItem {
  name: string;
  options?: Record<string, unknown>;
}

/** The Babel plugins and presets Gatsby plugins registered for a webpack stage (setBabelPlugin / setBabelPreset). */
export function babelStage(store: StoreLike, stage: string): { plugins: BabelItem[]; presets: BabelItem[] } {
  return stateOf(store).babelrc?.stages?.[stage] ?? { plugins: [], presets: [] };
}

/** The site's browserslist as Gatsby resolved it (state.program.browserslist). */
export function browserslist(store: StoreLike): string[] {
  return stateOf(store).program?.browserslist ?? [];
}

/** The site's root folder (state.program.directory). */
export function siteDirectory(store: StoreLike): string {
  return stateOf(store).program?.directory ?? process.cwd();
}

// ---------- webpack ----------

/** The webpack stages Gatsby builds. */
export type WebpackStage = 'develop' | 'develop-html' | 'build-javascript' | 'build-html';

/** A webpack rule as Gatsby and its plugins write them. */
export interface WebpackRule {
  test?: unknown;
  include?: unknown;
  type?: string;
  use?: unknown;
}

const hasFunctionUse = (rule: unknown, test: RegExp): rule is WebpackRule =>
  typeof rule === 'object' && rule !== null && String((rule as WebpackRule).test) === String(test) && typeof (rule as WebpackRule).use === 'function';

/** Gatsby's rule for the site's JavaScript and TypeScript (webpack-utils rules.js()). */
export const isGatsbyJsRule = (rule: unknown): rule is WebpackRule => hasFunctionUse(rule, /\.(js|mjs|jsx|ts|tsx)$/);

/** gatsby-plugin-typescript's rule: a second Babel pass over .ts/.tsx. */
export const isGatsbyTypeScriptRule = (rule: unknown): rule is WebpackRule => hasFunctionUse(rule, /\.tsx?$/);

/** Gatsby imports page components from its async-requires module: that issuer marks a page template. */
export const isPageTemplateIssuer = (issuer: string | undefined): boolean => /async-requires/.test(issuer ?? '');

/** Paths of the Babel plugins Gatsby's babel-loader adds itself, resolved from the installed gatsby. */
export interface GatsbyBabelPluginPaths {
  removeGraphqlQueries: string;
  removeApi: string;
  slicePlaceholder: string;
}

export function gatsbyBabelPluginPaths(gatsbyDir: string, fromGatsby: NodeJS.Require): GatsbyBabelPluginPaths {
  return {
    removeGraphqlQueries: fromGatsby.resolve('babel-plugin-remove-graphql-queries'),
    removeApi: path.join(gatsbyDir, 'dist/utils/babel/babel-plugin-remove-api.js'),
    slicePlaceholder: path.join(gatsbyDir, 'dist/utils/babel/babel-plugin-add-slice-placeholder-location.js'),
  };
}

export type BabelPluginEntry = [string, Record<string, unknown>?];

/**
 * The Babel plugins Gatsby's babel-loader adds to every file of a stage, with their options
 * (gatsby/dist/utils/babel-loader-helpers.js prepareOptions, less React Refresh, which SWC does):
 * remove-graphql-queries always; remove-api for page templates of the browser stages (with Head
 * or the page itself removed from the ?export= halves); the slice placeholder outside the browser
 * bundle. gatsby/framework/webpack/swc.ts keeps of these only what a file's source needs.
 */
export function gatsbyRequiredBabelPlugins(stage: WebpackStage, isPageTemplate: boolean, resourceQuery: string, paths: GatsbyBabelPluginPaths): BabelPluginEntry[] {
  const plugins: BabelPluginEntry[] = [[paths.removeGraphqlQueries, { stage, staticQueryDir: 'page-data/sq/d' }]];
  if ((stage === 'develop' || stage === 'build-javascript') && isPageTemplate) {
    const apis = ['getServerData', 'config'];
    if (/[?&]export=default/.test(resourceQuery)) apis.push('Head');
    if (/[?&]export=head/.test(resourceQuery)) apis.push('default');
    plugins.push([paths.removeApi, { apis }]);
  }
  if (stage !== 'build-javascript') plugins.push([paths.slicePlaceholder, {}]);
  return plugins;
}

/**
 * Gatsby runtime modules the browser bundle can do without (gatsby/framework/webpack/trim.ts says
 * why): the internal Partytown plugin's gatsby-browser and the service-worker registration that
 * Gatsby copies from cache-dir into .cache. Requests and resolved paths (webpack tests both).
 */
export const GATSBY_UNUSED_RUNTIME_MODULES = /[\\/]gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$|[\\/]\.cache[\\/]register-service-worker\.js$/;

/** Gatsby's split-chunks group for code two or more templates share (webpack.config.js). */
export const GATSBY_SHARED_CHUNK_GROUP = 'shared';

/** Gatsby's JavaScript minimizer: terser-webpack-plugin, whose class carries swcMinify and terserMinify. */
export const GATSBY_JS_MINIMIZER = 'TerserPlugin';

/** Gatsby's runtime chunk (optimization.runtimeChunk in webpack.config.js): its file is webpack-runtime-<hash>.js. */
export const GATSBY_RUNTIME_CHUNK = 'webpack-runtime';

// ---------- its cache ----------

/**
 * Gatsby keeps its cache (.cache) when a start computes the same hash as the last one over these
 * inputs (services/initialize.js): plugin versions, package.json, trailingSlash and the root
 * gatsby-config / gatsby-node files, not the modules they import. So the site checks its own build
 * code (gatsby/framework/code-change).
 */
export const GATSBY_CACHE_HASH_INPUTS = ['package.json', 'gatsby-config.js', 'gatsby-node.js', 'gatsby-config.ts', 'gatsby-node.ts'];

/**
 * Right after onPreInit, Gatsby calls a cache incomplete when its node store (this folder) exists
 * and public/ does not, and then deletes the cache as it does on a changed hash: everything in
 * .cache but the compiled gatsby files, the webpack caches and gatsby-core-utils' data.
 */
export const GATSBY_NODE_STORE_DIR = '.cache/caches-lmdb';
export const GATSBY_PUBLIC_DIR = 'public';

/** Where Gatsby compiles gatsby-config and gatsby-node (relative to the site). */
export const COMPILED_GATSBY_FILES = ['.cache/compiled/gatsby-node.js', '.cache/compiled/gatsby-config.js'];

/**
 * gatsby develop holds the node mutations a saved content file causes (its File node, then the
 * Mdx node and the site's fields) for a fixed time before it runs them and the page queries
 * (NODE_MUTATION_BATCH_TIMEOUT in this file's waiting machine: 500 ms upstream). Mutations that
 * running a batch causes join it at once, so the wait only has to gather one save's events;
 * patches/gatsby+<version>.patch sets it to 50 ms.
 */
export const GATSBY_NODE_MUTATION_BATCH = 'gatsby/dist/state-machines/waiting/index.js';
export const NODE_MUTATION_BATCH_MS = 50;

// ---------- gatsby-plugin-sharp ----------

/**
 * gatsby-plugin-sharp's worker module and the export Gatsby's job manager calls for each image job:
 * the manager import()s `<plugin>/gatsby-worker` (the CommonJS module object Node caches for
 * require too) and calls worker[job.name] in the main process, also for jobs that page-query
 * workers hand back; replacing that export puts a wrapper in front of every job.
 */
export const SHARP_WORKER_MODULE = 'gatsby-plugin-sharp/gatsby-worker.js';
export const IMAGE_JOB_NAME = 'IMAGE_PROCESSING';

/**
 * gatsby-remark-images takes `stats` from gatsby-plugin-sharp's exports once, when it is loaded
 * (destructured from the module object), and with `disableBgImageOnAlpha` calls it for every body
 * image each time a page is rendered: `stats({ file, reporter })` decodes the whole image in sharp
 * and answers `{ isTransparent }`, or null after reporting a failure. `file` is the image's File
 * node, whose `internal.contentDigest` is the hash of its bytes.
 */
export const SHARP_PLUGIN_MODULE = 'gatsby-plugin-sharp';
export const REMARK_IMAGES_MODULE = 'gatsby-remark-images';
export const SHARP_STATS_EXPORT = 'stats';

// ---------- Emotion ----------

/**
 * What @emotion/cache reads from server-rendered styles when it starts in the browser (its
 * createCache, key `css`): every `<style data-emotion="css ID ID…">` without this attribute is
 * moved to the end of <head> and then marked with it; the ids after the key tell the cache which
 * styles are already present. gatsby/postbuild/emotion-styles.ts writes the styles at the end of
 * <head> at build time already marked, so that move skips them (its sheet then takes the tags over
 * in their order, where they already are).
 */
export const EMOTION_PLACED_MARK = 'data-s';

// ---------- gatsby develop ----------

/**
 * The process.env names Gatsby's webpack.config.js defines in every stage whatever the environment
 * holds (NODE_ENV, PUBLIC_DIR…). For Node targets (develop-html, build-html) it also defines every
 * variable of the environment, `process.env.<NAME>` = JSON.stringify(value), and `process.env` as
 * `({})`; for browser targets only GATSBY_* variables.
 */
export const GATSBY_FIXED_ENV_DEFINES: readonly string[] = ['NODE_ENV', 'PUBLIC_DIR', 'BUILD_STAGE', 'CYPRESS_SUPPORT', 'GATSBY_QUERY_ON_DEMAND', 'GATSBY_SOCKET_IO_DEFAULT_TRANSPORT'];

/** The class name of a webpack plugin instance: how the plugins Gatsby adds are told apart. */
const pluginClass = (plugin: unknown): string | undefined => (plugin as { constructor?: { name?: string } } | null)?.constructor?.name;

/** Gatsby's `plugins.define()` (webpack's DefinePlugin: its definitions are a public field). */
export function isDefinePlugin(plugin: unknown): plugin is { definitions: Record<string, unknown> } {
  return pluginClass(plugin) === 'DefinePlugin' && typeof (plugin as { definitions?: unknown }).definitions === 'object';
}

/**
 * The linter Gatsby adds to the develop compilation (gatsby/dist/utils/webpack.config.js, case
 * `develop`: plugins.eslint(), or plugins.eslintRequired() when the site has an ESLint config):
 * an eslint-webpack-plugin that lints the modules whose names end in one of `options.extensions`,
 * `js` and `jsx` only, node_modules excluded.
 */
export function isGatsbyDevelopLinter(plugin: unknown): plugin is { options: { extensions: string[] } } {
  return pluginClass(plugin) === 'ESLintWebpackPlugin' && Array.isArray((plugin as { options?: { extensions?: unknown } }).options?.extensions);
}

interface OverlaySocket {
  emitError(id: string, message: unknown): void;
}

/**
 * The develop server's error overlay: gatsby/dist/utils/websocket-manager.js's websocketManager
 * keeps errors by id, sends them to every open tab (cache-dir/socketIo.js hands them to the
 * fast-refresh overlay as "GraphQL errors") and to tabs opened later; `null` clears one.
 */
export function developOverlay(): OverlaySocket {
  // Loaded when develop needs it: `gatsby build` never does.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above), an internal module without types
  return (require('gatsby/dist/utils/websocket-manager') as { websocketManager: OverlaySocket }).websocketManager;
}

/**
 * Redux actions Gatsby's emitter repeats (gatsby/dist/redux/index.js emits every action under its
 * type; its websocket-manager listens to these two): a node created (also re-created after an
 * edit) or deleted, with the node as the payload.
 */
export const NODE_EVENTS = ['CREATE_NODE', 'DELETE_NODE'] as const;

/**
 * The redux action Gatsby's develop server dispatches right after it has written a page's
 * page-data.json and sent it to the open tabs (gatsby/dist/utils/page-data.js flush():
 * websocketManager.emitPageData, then this action); the emitter repeats it like NODE_EVENTS.
 */
export const DEVELOP_PAGE_DATA_SENT = 'CLEAR_PENDING_PAGE_DATA_WRITE';

/**
 * `gatsby build` has written every page's page-data.json and is about to render the HTML
 * (gatsby/dist/commands/build.js: pageData.flush(), then this program status, then
 * buildHTMLPagesAndDeleteStaleArtifacts). The emitter repeats the action like NODE_EVENTS; the
 * search worker, when it has many pages to take from the page data, starts on them here, on the
 * core the HTML renderer leaves idle.
 */
export const BUILD_PAGE_DATA_WRITTEN = { type: 'SET_PROGRAM_STATUS', status: 'BOOTSTRAP_QUERY_RUNNING_FINISHED' } as const;

/** Gatsby's emitter as its API hands it to a hook (mett: on and off by type). */
interface EmitterLike {
  on(type: string, handler: (action: unknown) => void): unknown;
  off(type: string, handler: (action: unknown) => void): unknown;
}

/** Calls `then` once, when `gatsby build` has written the page data (BUILD_PAGE_DATA_WRITTEN). */
export function onceBuildPageDataWritten(emitter: EmitterLike, then: () => void): void {
  const listener = (action: unknown) => {
    const { payload } = (action ?? {}) as { payload?: unknown };
    if (payload !== BUILD_PAGE_DATA_WRITTEN.status) return;
    emitter.off(BUILD_PAGE_DATA_WRITTEN.type, listener);
    then();
  };
  emitter.on(BUILD_PAGE_DATA_WRITTEN.type, listener);
}

/** Whether an emitted action is about a node of this type. */
export function isNodeEventOf(action: unknown, type: string): boolean {
  return (action as { payload?: { internal?: { type?: unknown } } } | null)?.payload?.internal?.type === type;
}
