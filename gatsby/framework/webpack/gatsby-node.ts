/**
 * Webpack plumbing, one function per concern: SWC for the site's JavaScript in every build
 * (swc.ts), a cheap validity check for webpack's persistent cache and develop's caches kept
 * where `gatsby clean` leaves them (cache.ts), the browser
 * bundle without Gatsby runtime modules that never run here (trim.ts), develop's caches
 * kept valid across restarts and stored right after a start's compilation, its idle linter left
 * out and its shell's environment read when rendered (develop.ts), the build's main thread
 * collected once its production compilers are closed (collect.ts), and the content constructs
 * read for their CSS only (light-constructs.ts).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { CreateWebpackConfigArgs, GatsbyNode } from 'gatsby';
import { babelStage, browserslist, GATSBY_SHARED_CHUNK_GROUP, GATSBY_UNUSED_RUNTIME_MODULES, isDefinePlugin, isGatsbyJsRule, siteDirectory, type WebpackStage } from '../internals';
import { buildCacheDir } from '../../cache';
import { CollectWhenClosed } from './collect';
import { FingerprintBuildDependencies, webpackCacheDir, writeFingerprint } from './cache';
import { definitionsReadingTheEnvironment, developWebpackConfig, withoutIdleLinter } from './develop';
import { presetsSwcReplaces, swcMinimizers, swcRules, swcSettings } from './swc';
import { EMPTY_MODULE, SHARED_CHUNK_MIN_SIZE, SIDE_EFFECT_FREE_PACKAGES } from './trim';
import { LightConstructs } from './light-constructs';

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = (args: CreateWebpackConfigArgs) => {
  transpileWithSwc(args);
  fingerprintWebpackCache(args);
  if (args.stage === 'build-javascript') trimBrowserBundle(args);
  const develop = developWebpackConfig(args.stage, args.getConfig().cache?.type === 'filesystem');
  if (develop) args.actions.setWebpackConfig(develop);
  if (args.stage === 'develop') dropIdleLinter(args);
  if (args.stage === 'develop-html') readEnvironmentWhenRendering(args);
  if (args.stage === 'build-javascript' || args.stage === 'build-html') args.actions.setWebpackConfig({ plugins: [new CollectWhenClosed()] });
  args.actions.setWebpackConfig({ plugins: [new LightConstructs(siteDirectory(args.store))] });
};

function readEnvironmentWhenRendering({ actions, getConfig }: CreateWebpackConfigArgs) {
  const config = getConfig();
  const defines = (config.plugins ?? []).filter(isDefinePlugin);
  for (const define of defines) define.definitions = definitionsReadingTheEnvironment(define.definitions, process.env);
  if (defines.length) actions.replaceWebpackConfig(config);
}

function dropIdleLinter({ actions, getConfig, store }: CreateWebpackConfigArgs) {
  const config = getConfig();
  const sources = readdirSync(path.join(siteDirectory(store), 'src'), { recursive: true, encoding: 'utf8' });
  const plugins = withoutIdleLinter(config.plugins ?? [], sources);
  if (plugins.length === (config.plugins ?? []).length) return;
  config.plugins = plugins;
  actions.replaceWebpackConfig(config);
}

/** Each stage's cache in its folder (develop's outside .cache), checked against the fingerprint. */
export function fingerprintWebpackCache({ stage, actions, getConfig, store }: Pick<CreateWebpackConfigArgs, 'stage' | 'actions' | 'getConfig' | 'store'>) {
  const config = getConfig();
  if (config.cache?.type !== 'filesystem') return;
  const root = siteDirectory(store);
  // Gatsby's: <site>/.cache/webpack/stage-<stage>.
  const gatsbyLocation: string = config.cache.cacheLocation;
  const dir = webpackCacheDir(root, stage as WebpackStage, path.dirname(gatsbyLocation), buildCacheDir(process.env, root));
  if (dir !== path.dirname(gatsbyLocation)) {
    config.cache.cacheLocation = path.join(dir, path.basename(gatsbyLocation));
    actions.replaceWebpackConfig(config);
  }
  actions.setWebpackConfig({ plugins: [new FingerprintBuildDependencies(writeFingerprint(root, stage as WebpackStage, dir))] });
}

function transpileWithSwc({ stage, actions, getConfig, store, reporter }: CreateWebpackConfigArgs) {
  const babel = babelStage(store, stage);
  if (!presetsSwcReplaces(babel.presets)) {
    reporter.warn(`onCreateWebpackConfig：插件注册了 SWC 无法替代的 Babel preset（${babel.presets.map((p) => p.name).join(', ')}），${stage} 阶段继续使用 Babel`);
    return;
  }
  const config = getConfig();
  const rules: unknown[] = config.module?.rules ?? [];
  if (!rules.some(isGatsbyJsRule)) throw new Error('onCreateWebpackConfig：找不到 Gatsby 的 JavaScript 规则（rules.js），无法改用 SWC');
  config.module.rules = swcRules(rules, swcSettings(stage as WebpackStage, browserslist(store), babel.plugins));
  if (config.optimization?.minimizer) config.optimization.minimizer = swcMinimizers(config.optimization.minimizer);
  actions.replaceWebpackConfig(config);
}

function trimBrowserBundle({ actions, plugins, getConfig }: CreateWebpackConfigArgs) {
  actions.setWebpackConfig({
    module: { rules: [{ test: SIDE_EFFECT_FREE_PACKAGES, sideEffects: false }] },
    plugins: [plugins.normalModuleReplacement(GATSBY_UNUSED_RUNTIME_MODULES, EMPTY_MODULE)],
  });
  const config = getConfig();
  const shared = config.optimization?.splitChunks?.cacheGroups?.[GATSBY_SHARED_CHUNK_GROUP];
  if (shared) {
    shared.minSize = SHARED_CHUNK_MIN_SIZE;
    actions.replaceWebpackConfig(config);
  }
}
