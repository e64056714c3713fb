/**
 * SWC instead of Babel and Terser for the site's JavaScript, in every webpack build Gatsby makes
 * (the browser bundle, the HTML renderer, and both in `gatsby develop`).
 *
 * Gatsby runs babel-loader with babel-preset-gatsby (preset-env with core-js usage analysis,
 * preset-react, class and spread transforms) over the site's own files: src/, its runtime in
 * .cache/ and packages that depend on gatsby. TypeScript files get a second full Babel pass from
 * gatsby-plugin-typescript's rule. SWC does that work (TypeScript, JSX with Emotion's JSX runtime,
 * syntax down to the site's browserslist) in a fraction of the time.
 *
 * Some Babel plugins change what a page outputs, and SWC has no identical replacement. A file
 * that needs one goes through Babel first with only those plugins and no presets (the code is
 * parsed and printed back with its TypeScript and JSX), then through SWC:
 * - Gatsby's own: babel-plugin-remove-graphql-queries (a query becomes its result), remove-api
 *   (page components lose build-time exports in the browser bundle), the <Slice> placeholder;
 * - the plugins Gatsby plugins register (setBabelPlugin), with their options as registered:
 *   Emotion's (gatsby-plugin-emotion: minified css`` and css={{…}}, whose hash is the class name,
 *   so the HTML stays byte-identical), lodash cherry-picking, gatsby-plugin-image's StaticImage.
 * Which files need which plugin is read from their text, as Gatsby's own query extraction does,
 * so a file that gains a query or a style gets the plugin by itself. A plugin this file does not
 * know runs on every file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  GATSBY_JS_MINIMIZER,
  GATSBY_RUNTIME_CHUNK,
  gatsbyBabelPluginPaths,
  gatsbyRequiredBabelPlugins,
  isGatsbyJsRule,
  isGatsbyTypeScriptRule,
  isPageTemplateIssuer,
  type BabelItem,
  type BabelPluginEntry,
  type GatsbyBabelPluginPaths,
  type WebpackRule,
  type WebpackStage,
} from '../internals';

export interface ModuleInfo {
  stage: WebpackStage;
  /** `?export=default` etc. */
  resourceQuery: string;
  /** Gatsby imports page components from its async-requires module. */
  isPageTemplate: boolean;
}

const GRAPHQL = /\bgraphql\b|\buseStaticQuery\b|\bStaticQuery\b/;
const BUILD_TIME_EXPORT = /\bexport\b[^;]*\b(getServerData|config)\b/;
const SLICE_ELEMENT = /<Slice\b/;

/** Plugins Gatsby plugins register, and the files each can change (null: SWC does its work). */
const REGISTERED_PLUGINS: Array<[RegExp, RegExp | null]> = [
  [/@emotion[\\/]babel-plugin/, /@emotion\/|\bcss=\{/],
  [/babel-plugin-lodash/, /\blodash\b/],
  [/babel-plugin-parse-static-images/, /\bStaticImage\b/],
  [/plugin-proposal-(optional-chaining|nullish-coalescing-operator|numeric-separator)/, null],
];

/** Presets SWC replaces entirely. With any other preset registered, Gatsby's Babel stays. */
const REPLACED_PRESETS = [/@babel[\\/]preset-typescript/];

export function presetsSwcReplaces(presets: BabelItem[]): boolean {
  return presets.every((p) => REPLACED_PRESETS.some((re) => re.test(p.name)));
}

/**
 * Whether a file's source can need one of the plugins Gatsby's babel-loader adds: queries for
 * remove-graphql-queries, a build-time export (or a Head/page half of ?export=) for remove-api,
 * a <Slice> for the slice placeholder.
 */
function sourceNeeds(gatsby: GatsbyBabelPluginPaths, [name, options]: BabelPluginEntry, source: string): boolean {
  if (name === gatsby.removeGraphqlQueries) return GRAPHQL.test(source);
  if (name === gatsby.removeApi) return ((options?.apis as string[] | undefined)?.length ?? 0) > 2 || BUILD_TIME_EXPORT.test(source);
  if (name === gatsby.slicePlaceholder) return SLICE_ELEMENT.test(source);
  return true;
}

/**
 * The Babel plugins one module needs before SWC, in Gatsby's order (registered plugins, then
 * Gatsby's required ones), with their options. Empty: SWC alone.
 */
export function babelPlugins(source: string, m: ModuleInfo, registered: BabelItem[], gatsby: GatsbyBabelPluginPaths): BabelPluginEntry[] {
  const plugins: BabelPluginEntry[] = [];
  for (const plugin of registered) {
    const known = REGISTERED_PLUGINS.find(([name]) => name.test(plugin.name));
    const needed = known ? known[1] !== null && known[1].test(source) : true;
    if (needed) plugins.push([plugin.name, plugin.options ?? {}]);
  }
  for (const plugin of gatsbyRequiredBabelPlugins(m.stage, m.isPageTemplate, m.resourceQuery, gatsby)) {
    if (sourceNeeds(gatsby, plugin, source)) plugins.push(plugin);
  }
  return plugins;
}

type Syntax = 'ts' | 'tsx' | 'js';

export function syntaxOf(file: string): Syntax {
  if (/\.tsx$/.test(file)) return 'tsx';
  if (/\.[cm]?ts$/.test(file)) return 'ts';
  return 'js';
}

export interface SwcSettings {
  stage: WebpackStage;
  /** Gatsby's browserslist for the browser bundles. */
  browsers: string[];
  /** The Node version the HTML renderer runs on. */
  node: string;
  /** The plugins Gatsby plugins registered for this stage. */
  registered: BabelItem[];
  /** The project's folder, which the loaders' idents leave out (withIdent()). */
  root: string;
  paths: GatsbyBabelPluginPaths & { swcLoader: string; babelLoader: string };
}

/** swc-loader options for one file: browsers for the browser bundle, this Node for the renderer. */
export function swcOptions(file: string, s: SwcSettings): Record<string, unknown> {
  const syntax = syntaxOf(file);
  const develop = s.stage === 'develop' || s.stage === 'develop-html';
  const html = s.stage === 'build-html' || s.stage === 'develop-html';
  return {
    // Modules and CommonJS scripts both occur in Gatsby's runtime (Babel's sourceType "unambiguous").
    isModule: 'unknown',
    jsc: {
      parser: syntax === 'js' ? { syntax: 'ecmascript', jsx: true } : { syntax: 'typescript', tsx: syntax === 'tsx' },
      transform: {
        react: { runtime: 'automatic', importSource: '@emotion/react', development: develop, refresh: s.stage === 'develop' },
      },
    },
    env: html ? { targets: { node: s.node } } : { targets: s.browsers },
    // Webpack bundles the ES modules itself (tree shaking needs them).
    module: { type: 'es6' },
  };
}

/** babel-loader options that run only the given plugins, keeping TypeScript and JSX for SWC. */
export function babelOptions(file: string, plugins: BabelPluginEntry[]): Record<string, unknown> {
  const syntax = syntaxOf(file);
  return {
    babelrc: false,
    configFile: false,
    sourceType: 'unambiguous',
    parserOpts: { plugins: syntax === 'js' ? ['jsx'] : syntax === 'tsx' ? ['typescript', 'jsx'] : ['typescript'] },
    plugins,
    compact: false,
  };
}

/**
 * A loader entry with an `ident`: webpack names a module by its loaders and their options, and
 * options returned from a `use` function have no name of their own ("[[missing ident]]"), so
 * two option sets would share one cache entry. The ident is a hash of the options, with the
 * project's folder left out of the Babel plugins' paths: webpack's module ids are hashes of those
 * names, so with the folder in them the same commit built in another folder (npm run report's
 * base, in a worktree) orders its modules differently and its first-load JS differs by tens of bytes.
 */
function withIdent(name: string, loader: string, options: Record<string, unknown>, root: string) {
  const portable = JSON.stringify(options).split(`${root}${path.sep}`).join(`<root>${path.sep}`);
  return { loader, options, ident: `${name}-${createHash('sha256').update(portable).digest('hex').slice(0, 16)}` };
}

interface UseInfo {
  resource?: string;
  resourceQuery?: string;
  issuer?: string;
}

/**
 * Gatsby's JavaScript rule with SWC (after Babel with only the plugins a file needs). Called
 * without a resource, as Gatsby does when it looks for its Babel rules to enable React Fast
 * Refresh on, it answers with Gatsby's own loaders so that lookup still finds this rule.
 */
export function swcJsRule(rule: WebpackRule, settings: SwcSettings, readSource: (file: string) => string = (f) => readFileSync(f, 'utf8')): WebpackRule {
  const gatsbyUse = rule.use as (info: UseInfo) => unknown;
  return {
    ...rule,
    use: (info: UseInfo) => {
      const file = info.resource;
      if (!file) return gatsbyUse(info);
      const module = { stage: settings.stage, resourceQuery: info.resourceQuery ?? '', isPageTemplate: isPageTemplateIssuer(info.issuer) };
      const plugins = babelPlugins(readSource(file), module, settings.registered, settings.paths);
      const swc = withIdent('swc', settings.paths.swcLoader, swcOptions(file, settings), settings.root);
      return plugins.length ? [swc, withIdent('babel', settings.paths.babelLoader, babelOptions(file, plugins), settings.root)] : [swc];
    },
  };
}

/** The site's rules with SWC: Gatsby's JavaScript rule rewritten, the TypeScript rule dropped. */
export function swcRules(rules: unknown[], settings: SwcSettings): unknown[] {
  return rules.filter((rule) => !isGatsbyTypeScriptRule(rule)).map((rule) => (isGatsbyJsRule(rule) ? swcJsRule(rule, settings) : rule));
}

/** Settings from what Gatsby knows: the stage, its browserslist and Babel state, the project root. */
export function swcSettings(stage: WebpackStage, browsers: string[], registered: BabelItem[], root = process.cwd()): SwcSettings {
  // Resolved from the project and from gatsby, wherever this code is bundled to (.cache/compiled).
  const fromRoot = createRequire(path.join(root, 'package.json'));
  const gatsbyDir = path.dirname(fromRoot.resolve('gatsby/package.json'));
  const fromGatsby = createRequire(path.join(gatsbyDir, 'package.json'));
  return {
    stage,
    browsers,
    node: process.versions.node,
    registered,
    root,
    paths: {
      swcLoader: fromRoot.resolve('swc-loader'),
      babelLoader: fromGatsby.resolve('babel-loader'),
      ...gatsbyBabelPluginPaths(gatsbyDir, fromGatsby),
    },
  };
}

/** A webpack minimizer as Gatsby creates it (terser-webpack-plugin). */
interface Minimizer {
  constructor: { name: string; swcMinify?: unknown; terserMinify?: unknown; new (options: Record<string, unknown>): unknown };
  options?: { exclude?: unknown };
}

/** Gatsby's options for its minimizer: ES5 output syntax level, Safari 10's mangling quirk. */
const MINIFY_OPTIONS = { ecma: 5, compress: { ecma: 5 }, mangle: { safari10: true }, format: { ecma: 5 } } as const;

/** The webpack runtime's file, as terser-webpack-plugin matches asset names. */
export const RUNTIME_ASSET = new RegExp(`^${GATSBY_RUNTIME_CHUNK}-`);

/** Letters for a short name's first character, then letters and digits. */
const FIRST = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_';
const REST = `${FIRST}0123456789`;

/**
 * Terser's names in a fixed order (its `mangle.nth_identifier`): a, b, … A, …, aa, … Its default
 * orders them by how often each character occurs in the file, and the runtime is minified while
 * its map of chunk file names still holds webpack's interim hashes, which are taken over source
 * maps with the build folder's absolute paths (realContentHash puts the final hashes in after
 * minification). So the same code built in two folders, or on two caches, gave runtimes named
 * differently: a new runtime file for readers on every deploy, and 1–2 B on every page type in
 * the build report. With these names the runtime is the same wherever it is built.
 */
export const FIXED_NAMES = {
  get(n: number): string {
    let name = FIRST[n % FIRST.length] as string;
    for (let rest = Math.floor(n / FIRST.length); rest > 0; rest = Math.floor(rest / REST.length)) {
      rest -= 1;
      name += REST[rest % REST.length] as string;
    }
    return name;
  },
};

/**
 * Gatsby's Terser minimizer, minifying with SWC instead (terser-webpack-plugin's swcMinify), with
 * Gatsby's options; except the webpack runtime, which Terser minifies with FIXED_NAMES (a few
 * kilobytes, minified in milliseconds either way).
 */
export function swcMinimizers(minimizers: unknown[]): unknown[] {
  return minimizers.flatMap((m) => {
    const plugin = m as Minimizer;
    if (!plugin || plugin.constructor?.name !== GATSBY_JS_MINIMIZER || !plugin.constructor.swcMinify || !plugin.constructor.terserMinify) return [m];
    const TerserPlugin = plugin.constructor;
    const gatsbyExclude = plugin.options?.exclude;
    return [
      new TerserPlugin({
        exclude: [...(Array.isArray(gatsbyExclude) ? gatsbyExclude : gatsbyExclude ? [gatsbyExclude] : []), RUNTIME_ASSET],
        // SWC minifies on its own threads: a worker process would only add its start-up.
        parallel: false,
        minify: TerserPlugin.swcMinify,
        terserOptions: MINIFY_OPTIONS,
      }),
      new TerserPlugin({
        include: RUNTIME_ASSET,
        parallel: false,
        minify: TerserPlugin.terserMinify,
        terserOptions: { ...MINIFY_OPTIONS, mangle: { ...MINIFY_OPTIONS.mangle, nth_identifier: FIXED_NAMES } },
      }),
    ];
  });
}
