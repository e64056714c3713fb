/**
 * The canary: each assumption gatsby/framework/internals.ts makes about Gatsby's internals, checked
 * against the installed gatsby — its functions run where they can be, its dist files read where
 * they cannot. One named test per assumption, so a Gatsby upgrade that breaks one fails that one.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  babelStage,
  browserslist,
  COMPILED_GATSBY_FILES,
  DEVELOP_PAGE_DATA_SENT,
  EMOTION_PLACED_MARK,
  GATSBY_CACHE_HASH_INPUTS,
  GATSBY_FIXED_ENV_DEFINES,
  GATSBY_FOCUS_WRAPPER_ID,
  GATSBY_IMAGE_HEAD_KEYS,
  GATSBY_JS_MINIMIZER,
  GATSBY_RUNTIME_CHUNK,
  GATSBY_NAVIGATE,
  GATSBY_NODE_STORE_DIR,
  GATSBY_PUBLIC_DIR,
  GATSBY_NODE_MUTATION_BATCH,
  GATSBY_SHARED_CHUNK_GROUP,
  GATSBY_UNUSED_RUNTIME_MODULES,
  gatsbyBabelPluginPaths,
  gatsbyCommand,
  gatsbyRequiredBabelPlugins,
  firstLoadScripts,
  htmlFileOfPage,
  IMAGE_JOB_NAME,
  isDefinePlugin,
  isGatsbyDevelopLinter,
  isGatsbyJsRule,
  isGatsbyTypeScriptRule,
  isNodeEventOf,
  isPageTemplateIssuer,
  NODE_EVENTS,
  NODE_MUTATION_BATCH_MS,
  onceBuildPageDataWritten,
  pageDataFile,
  pageHtmlFile,
  pageHtmlFiles,
  pagePathOfHtmlFile,
  REMARK_IMAGES_MODULE,
  SHARP_PLUGIN_MODULE,
  SHARP_STATS_EXPORT,
  SHARP_WORKER_MODULE,
  siteDirectory,
  WEBPACK_STATS_FILE,
  type WebpackStage,
} from '../../gatsby/framework/internals';
import { hoistEmotionStyles } from '../../gatsby/postbuild/emotion-styles';
import { writeSourceSite } from './support/source-site';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');
const fromRoot = createRequire(path.join(ROOT, 'package.json'));
const GATSBY_DIR = path.dirname(fromRoot.resolve('gatsby/package.json'));
const fromGatsby = createRequire(path.join(GATSBY_DIR, 'package.json'));
const gatsbyFile = (file: string) => readFileSync(path.join(GATSBY_DIR, file), 'utf8');
/** patches/gatsby+<installed version>.patch, which patch-package applies on every npm install. */
const gatsbyPatch = () => readFileSync(path.join(ROOT, 'patches', `gatsby+${(JSON.parse(gatsbyFile('package.json')) as { version: string }).version}.patch`), 'utf8');
const SAMPLE_PATHS = ['/', '/blog/binder', '/docs/desktop/wing/Get start', '/blog/tags/空壳/page/2', '/404', '/404.html'];

describe('what Gatsby writes to public/', () => {
  it('page data: page-data/<path>/page-data.json, "index" for / (gatsby-core-utils generatePageDataPath)', () => {
    const { generatePageDataPath } = fromGatsby('gatsby-core-utils/page-data') as { generatePageDataPath(publicDir: string, pagePath: string): string };
    for (const pagePath of SAMPLE_PATHS) expect([pagePath, pageDataFile('/site/public', pagePath)]).toEqual([pagePath, generatePageDataPath('/site/public', pagePath)]);
  });

  it('page data: the template as componentChunkName, the page query result under result (page-data-helpers constructPageDataString)', () => {
    const { constructPageDataString } = fromGatsby('./dist/utils/page-data-helpers') as { constructPageDataString(page: object, result: string, byTemplate: Map<string, unknown>, slices: Map<string, unknown>): string };
    const page = { componentChunkName: 'component---src-templates-doc-tsx', componentPath: '/t/doc.tsx', path: '/docs/intro', staticQueryHashes: [] };
    const data = JSON.parse(constructPageDataString(page, JSON.stringify({ data: { mdx: { rendered: { html: '<p>x</p>', toc: [] } } } }), new Map(), new Map())) as {
      componentChunkName: string;
      result: { data: { mdx: { rendered: { html: string } } } };
    };
    expect(data.componentChunkName).toBe('component---src-templates-doc-tsx');
    expect(data.result.data.mdx.rendered.html).toBe('<p>x</p>');
  });

  it('page HTML: <path>/index.html, a path ending in .html is the file itself (gatsby-core-utils generateHtmlPath); pagePathOfHtmlFile is its inverse', () => {
    const { generateHtmlPath } = fromGatsby('gatsby-core-utils/page-html') as { generateHtmlPath(dir: string, pagePath: string): string };
    for (const pagePath of SAMPLE_PATHS) {
      const file = generateHtmlPath('/site/public', pagePath);
      expect([pagePath, pageHtmlFile('/site/public', pagePath)]).toEqual([pagePath, file]);
      expect([pagePath, htmlFileOfPage(pagePath)]).toEqual([pagePath, path.relative('/site/public', file)]);
      expect(pagePathOfHtmlFile(path.relative('/site/public', file))).toBe(pagePath);
    }
    // The 404 page is also written as /404.html (internal plugin prod-404-500): a page, with its own path.
    expect(gatsbyFile('dist/internal-plugins/prod-404-500/gatsby-node.js')).toContain('path: `/${status}.html`');
  });

  it('not pages: slice fragments under _gatsby/slices (render-html), page data, static files', () => {
    expect(gatsbyFile('dist/utils/worker/child/render-html.js')).toMatch(/path\.join\(publicDir, `_gatsby`, `slices`, `\$\{sliceId\}-\$\{index\}\.html`\)/);
    for (const file of ['_gatsby/slices/_gatsby-scripts-1.html', 'page-data/x/index.html', 'static/abc/doc.html', 'blog/x/page-data.json', 'app.js']) expect([file, pagePathOfHtmlFile(file)]).toEqual([file, null]);
    expect(pagePathOfHtmlFile('\\docs\\intro\\index.html')).toBe('/docs/intro');
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'public-'));
    for (const file of ['index.html', '404.html', '404/index.html', 'blog/a/index.html', '_gatsby/slices/_gatsby-scripts-1.html', 'page-data/index/page-data.json', 'static/x/a.html']) {
      mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
      writeFileSync(path.join(publicDir, file), '<html></html>');
    }
    expect(pageHtmlFiles(publicDir)).toEqual([
      { file: '404.html', path: '/404.html' },
      { file: '404/index.html', path: '/404' },
      { file: 'blog/a/index.html', path: '/blog/a' },
      { file: 'index.html', path: '/' },
    ]);
  });

  it('first-load scripts: the chunks “app” and the template’s, from webpack.stats.json’s assetsByChunkName (client-assets-for-template)', () => {
    expect(gatsbyFile('dist/utils/gatsby-webpack-stats-extractor.js')).toContain(`_path.default.join(\`public\`, \`${WEBPACK_STATS_FILE}\`)`);
    const reader = gatsbyFile('dist/utils/client-assets-for-template.js');
    expect(reader).toContain('for (const chunkName of [`app`, componentChunkName])');
    expect(reader).toContain('webpackStats.assetsByChunkName[chunkName]');
    const stats = { assetsByChunkName: { app: ['webpack-runtime-1.js', 'app-2.js', 'app-2.css'], 'component---t': ['commons-3.js', 'component---t-4.js'] } };
    expect(firstLoadScripts(stats, 'component---t')).toEqual(['webpack-runtime-1.js', 'app-2.js', 'commons-3.js', 'component---t-4.js']);
    expect(() => firstLoadScripts(stats, 'component---missing')).toThrow(/component---missing/);
  });
});

describe('Gatsby’s environment', () => {
  it('gatsby-cli puts the command it runs in process.env.gatsby_executing_command', () => {
    const cli = readFileSync(fromGatsby.resolve('gatsby-cli/lib/create-cli.js'), 'utf8');
    expect(cli).toContain('process.env.gatsby_executing_command = command;');
    expect(gatsbyCommand({ gatsby_executing_command: 'build' })).toBe('build');
  });
});

type Action = { type: string };
/** Gatsby's redux store and its action creators, loaded from the installed gatsby (as the develop server has them). */
function gatsbyRedux() {
  return {
    redux: fromGatsby('./dist/redux') as { store: { dispatch(action: Action | Action[]): void; getState(): unknown } },
    actions: (fromGatsby('./dist/redux/actions') as { actions: { createPage(page: object, plugin: object): Action; setBabelPlugin(plugin: object, by: object): Action } }).actions,
    internal: fromGatsby('./dist/redux/actions/internal') as { queryExtracted(payload: object, plugin: object): Action; pageQueryRun(payload: object, plugin: object): Action },
  };
}
const plugin = { name: 'default-site-plugin', id: 'canary' };

describe('Gatsby’s cache (gatsby/framework/code-change)', () => {
  const initialize = () => gatsbyFile('dist/services/initialize.js');

  it(`is kept when a hash over plugin versions and ${GATSBY_CACHE_HASH_INPUTS.join(', ')} is unchanged: the modules gatsby-node imports are not hashed`, () => {
    const source = initialize();
    const optional = /const optionalFiles = \[([^\]]*)\];/.exec(source)?.[1] ?? '';
    const roots = [...optional.matchAll(/\/([\w.-]+)`/g)].map((m) => m[1]);
    expect(source).toContain('md5File)(`package.json`), state.config.trailingSlash]');
    expect(['package.json', ...roots]).toEqual(GATSBY_CACHE_HASH_INPUTS);
    // The site's own "plugin version" is a hash of the root gatsby-* files only, not of gatsby/.
    expect(gatsbyFile('dist/bootstrap/load-plugins/load-internal-plugins.js')).toContain('version: (0, _createHash.createFileContentHash)(process.cwd(), `gatsby-*`)');
  });

  it(`right after onPreInit, a node store (${GATSBY_NODE_STORE_DIR}) without ${GATSBY_PUBLIC_DIR}/ makes the cache incomplete, and Gatsby deletes it but for the compiled files; onPreBootstrap comes after`, () => {
    const source = initialize();
    const preInit = source.indexOf('(0, _apiRunnerNode.default)(`onPreInit`');
    const publicChecked = source.indexOf('const publicDirExists = fs.existsSync(publicDirectory);');
    expect(preInit).toBeGreaterThan(0);
    expect(publicChecked).toBeGreaterThan(preInit);
    expect(source).toContain(`const publicDirectory = \`\${program.directory}/${GATSBY_PUBLIC_DIR}\`;`);
    expect(source).toContain(`const lmdbCacheDirectoryName = \`${path.basename(GATSBY_NODE_STORE_DIR)}\`;`);
    expect(source).toContain('const cacheDirExists = lmdbCacheDirExists;');
    expect(source).toContain('const cacheIsCorrupt = cacheDirExists && !publicDirExists;');
    const reset = source.indexOf('if (!oldPluginsHash || pluginsHash !== oldPluginsHash || cacheIsCorrupt) {');
    expect(reset).toBeGreaterThan(publicChecked);
    expect(source.slice(reset)).toMatch(/^[^]*?`\.cache\/\*\*`[^]*?`!\.cache\/compiled`[^]*?type: `DELETE_CACHE`/);
    expect(source.indexOf('(0, _apiRunnerNode.default)(`onPreBootstrap`')).toBeGreaterThan(source.indexOf('type: `DELETE_CACHE`'));
  });
});

describe('Gatsby’s redux store', () => {
  let redux: ReturnType<typeof gatsbyRedux>['redux'];
  let actions: ReturnType<typeof gatsbyRedux>['actions'];

  beforeAll(() => {
    ({ redux, actions } = gatsbyRedux());
  });

  it('the Babel plugins and presets Gatsby plugins register, per webpack stage (state.babelrc.stages)', () => {
    redux.store.dispatch(actions.setBabelPlugin({ name: '@emotion/babel-plugin', options: { sourceMap: false } }, plugin));
    for (const stage of ['develop', 'develop-html', 'build-javascript', 'build-html']) {
      expect([stage, babelStage(redux.store, stage).plugins]).toEqual([stage, expect.arrayContaining([{ name: '@emotion/babel-plugin', options: { sourceMap: false } }])]);
      expect([stage, Array.isArray(babelStage(redux.store, stage).presets)]).toEqual([stage, true]);
    }
  });

  it('the site’s browserslist and folder (state.program, set by initialize with SET_PROGRAM)', () => {
    const initialize = gatsbyFile('dist/services/initialize.js');
    expect(initialize).toMatch(/const program = \{[^}]*browserslist: \(0, _browserslist\.getBrowsersList\)\(directory\),[^}]*directory\s*\};\s*_redux\.store\.dispatch\(\{\s*type: `SET_PROGRAM`,\s*payload: program/);
    redux.store.dispatch({ type: 'SET_PROGRAM', payload: { directory: '/site', browserslist: ['>0.25%', 'not dead'] } } as Action);
    expect(browserslist(redux.store)).toEqual(['>0.25%', 'not dead']);
    expect(siteDirectory(redux.store)).toBe('/site');
  });
});

describe('Gatsby’s webpack configuration', () => {
  const utils = (stage: WebpackStage) =>
    (
      fromGatsby('./dist/utils/webpack-utils') as { createWebpackUtils(stage: string, program: object): { rules: { js(): unknown }; plugins: { minifyJs(): { constructor: { name: string; swcMinify?: unknown } } } } }
    ).createWebpackUtils(stage, { directory: ROOT, browserslist: ['defaults'] });

  it('its JavaScript rule and gatsby-plugin-typescript’s rule are the ones swc.ts rewrites and drops; async-requires marks a page template', () => {
    const js = utils('build-javascript').rules.js();
    expect(isGatsbyJsRule(js)).toBe(true);
    const use = (js as { use(info: object): Array<{ options: { isPageTemplate: boolean } }> }).use;
    for (const issuer of ['/site/.cache/_this_is_virtual_fs_path_/$virtual/async-requires.js', '/site/src/components/Layout.tsx']) {
      expect([issuer, isPageTemplateIssuer(issuer)]).toEqual([issuer, use({ resourceQuery: '', issuer })[0]?.options.isPageTemplate]);
    }
    const rules: unknown[] = [];
    const typescript = fromGatsby('gatsby-plugin-typescript/gatsby-node') as { onCreateWebpackConfig(args: object): void };
    typescript.onCreateWebpackConfig({ actions: { setWebpackConfig: (config: { module: { rules: unknown[] } }) => rules.push(...config.module.rules) }, loaders: { js: () => ({}) } });
    expect(rules.map(isGatsbyTypeScriptRule)).toEqual([true]);
  });

  it('the Babel plugins its babel-loader adds to every file are gatsbyRequiredBabelPlugins (babel-loader-helpers prepareOptions; React Refresh aside)', () => {
    const helpers = fromGatsby('./dist/utils/babel-loader-helpers') as { prepareOptions(babel: object, options: object): unknown[][] };
    const babel = { createConfigItem: ([name, options]: [string, Record<string, unknown>?]) => ({ name, options: options ?? {} }) };
    // prepareOptions reads the plugins Gatsby plugins registered from <cwd>/.cache/babelState.json.
    const site = mkdtempSync(path.join(os.tmpdir(), 'site-'));
    mkdirSync(path.join(site, '.cache'));
    const stages: WebpackStage[] = ['develop', 'develop-html', 'build-javascript', 'build-html'];
    writeFileSync(path.join(site, '.cache', 'babelState.json'), JSON.stringify({ stages: Object.fromEntries(stages.map((s) => [s, { plugins: [], presets: [], options: {} }])) }));
    const paths = gatsbyBabelPluginPaths(GATSBY_DIR, fromGatsby);
    const cwd = process.cwd();
    const env = process.env.NODE_ENV;
    try {
      process.chdir(site);
      process.env.NODE_ENV = 'production';
      for (const stage of stages) {
        for (const isPageTemplate of [false, true]) {
          for (const resourceQuery of ['', '?export=default', '?export=head']) {
            const required = (helpers.prepareOptions(babel, { stage, isPageTemplate, resourceQuery })[3] as Array<{ name: string; options: Record<string, unknown> }>).filter((p) => !/react-refresh/.test(p.name));
            const which = `${stage} ${isPageTemplate} ${resourceQuery}`;
            expect([which, gatsbyRequiredBabelPlugins(stage, isPageTemplate, resourceQuery, paths)]).toEqual([which, required.map((p) => [p.name, p.options])]);
          }
        }
      }
    } finally {
      process.chdir(cwd);
      process.env.NODE_ENV = env;
    }
  });

  it('the runtime modules the browser bundle drops are where GATSBY_UNUSED_RUNTIME_MODULES looks: internal-plugins/partytown/gatsby-browser.js, .cache/register-service-worker.js', () => {
    expect(GATSBY_UNUSED_RUNTIME_MODULES.test(fromRoot.resolve('gatsby/dist/internal-plugins/partytown/gatsby-browser.js'))).toBe(true);
    expect(gatsbyFile('dist/bootstrap/load-plugins/load-internal-plugins.js')).toContain('`../../internal-plugins/partytown`');
    // cache-dir is copied into the site's .cache; the app requires the registration from there.
    expect(gatsbyFile('cache-dir/production-app.js')).toContain('require(`./register-service-worker`)');
    expect(gatsbyFile('cache-dir/register-service-worker.js').length).toBeGreaterThan(0);
    expect(gatsbyFile('dist/services/initialize.js')).toContain('const srcDir = `${__dirname}/../../cache-dir`;');
    expect(GATSBY_UNUSED_RUNTIME_MODULES.test(path.join(ROOT, '.cache', 'register-service-worker.js'))).toBe(true);
    expect(GATSBY_UNUSED_RUNTIME_MODULES.test(fromRoot.resolve('gatsby/cache-dir/production-app.js'))).toBe(false);
  });

  it('code shared by templates goes to the "shared" split-chunks group; JavaScript is minified by TerserPlugin, which offers swcMinify', () => {
    expect(gatsbyFile('dist/utils/webpack.config.js')).toMatch(new RegExp(`cacheGroups: \\{[\\s\\S]*\\b${GATSBY_SHARED_CHUNK_GROUP}: \\{[\\s\\S]*minChunks: 2`));
    const minimizer = utils('build-javascript').plugins.minifyJs();
    expect(minimizer.constructor.name).toBe(GATSBY_JS_MINIMIZER);
    expect(typeof minimizer.constructor.swcMinify).toBe('function');
    expect(typeof (minimizer.constructor as { terserMinify?: unknown }).terserMinify).toBe('function');
  });

  it('the webpack runtime is its own chunk, named GATSBY_RUNTIME_CHUNK (its file: webpack-runtime-<hash>.js)', () => {
    expect(gatsbyFile('dist/utils/webpack.config.js')).toMatch(new RegExp(`runtimeChunk: \\{\\s*name: \`${GATSBY_RUNTIME_CHUNK}\``));
  });

  it('develop lints with eslint-webpack-plugin, .js and .jsx files only (plugins.eslint, or plugins.eslintRequired with a site ESLint config)', () => {
    const config = gatsbyFile('dist/utils/webpack.config.js');
    expect(config).toMatch(/case `develop`:[\s\S]*?configPlugins\.push\(plugins\.eslint\(\)\)[\s\S]*?configPlugins\.push\(plugins\.eslintRequired\(\)\)[\s\S]*?break;/);
    const { plugins } = utils('develop') as unknown as { plugins: { eslint(): unknown; eslintRequired(): unknown } };
    for (const linter of [plugins.eslint(), plugins.eslintRequired()]) {
      expect(isGatsbyDevelopLinter(linter)).toBe(true);
      expect((linter as { options: { extensions: string[] } }).options.extensions).toEqual(['js', 'jsx']);
    }
    expect(isGatsbyDevelopLinter(utils('develop').plugins.minifyJs())).toBe(false);
  });

  it('defines every variable of the environment for Node targets, only GATSBY_* for the browser, and its own names always (GATSBY_FIXED_ENV_DEFINES), through one DefinePlugin', () => {
    const config = gatsbyFile('dist/utils/webpack.config.js');
    expect(config).toContain('if (target === `node` || key.match(/^GATSBY_/)) {\n        acc[key] = JSON.stringify(process.env[key]);');
    expect(config).toContain('"process.env": `({})`');
    expect([...config.matchAll(/^\s*envObject\.(\w+) = /gm)].map((m) => m[1]).sort()).toEqual([...GATSBY_FIXED_ENV_DEFINES].sort());
    expect(config.match(/plugins\.define\(/g)).toHaveLength(1);
    const define = (utils('develop-html').plugins as unknown as { define(definitions: object): unknown }).define({ 'process.env.X': '"1"' });
    expect(isDefinePlugin(define)).toBe(true);
    expect(isDefinePlugin(utils('develop').plugins.minifyJs())).toBe(false);
  });

  it('Gatsby compiles gatsby-config.ts and gatsby-node.ts into COMPILED_GATSBY_FILES (parcel/compile-gatsby-files: Parcel, unpatched), which webpack/cache.ts fingerprints', () => {
    const site = writeSourceSite(mkdtempSync(path.join(os.tmpdir(), 'compile-step-')), {
      'package.json': '{ "private": true }\n',
      'gatsby-config.ts': "export default { siteMetadata: { title: 'canary' }, plugins: [] };\n",
      'gatsby-node.ts': 'export const onPreInit = (): void => undefined;\n',
    });
    const run = spawnSync(process.execPath, [path.join(__dirname, 'support/gatsby-compile-step.mjs'), site], { cwd: site, encoding: 'utf8', timeout: 60_000 });
    rmSync(site, { recursive: true, force: true });
    const line = run.stdout.split('\n').find((l) => l.startsWith('{"dir"'));
    if (!line) throw new Error(`status ${run.status}\n${run.stdout}\n${run.stderr}`);
    const { dir, compiled } = JSON.parse(line) as { dir: string; compiled: Record<string, string | null> };
    // Where Gatsby writes them (its own constant) and what it writes there.
    expect(
      Object.keys(compiled)
        .filter((file) => file.endsWith('.js'))
        .map((file) => `${dir}/${file}`),
    ).toEqual([...COMPILED_GATSBY_FILES].sort());
    expect(compiled['gatsby-config.js']).toContain('canary');
  }, 90_000);
});

describe('gatsby-plugin-sharp’s worker', () => {
  it('Gatsby’s job manager runs every image job through the wrapper installImageCache puts on the worker module', () => {
    expect(typeof (fromRoot(SHARP_WORKER_MODULE) as Record<string, unknown>)[IMAGE_JOB_NAME]).toBe('function');
    // Two jobs with the same input and operations into two folders: the second is a copy from the cache.
    const run = spawnScript([path.join(__dirname, 'support/image-jobs.mts')], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    const line = run.stdout.split('\n').find((l) => l.startsWith('{"stats"'));
    expect(JSON.parse(line ?? 'null')).toEqual({ stats: { hits: 1, misses: 1 }, written: [true, true] });
  }, 120_000);
});

describe('gatsby-remark-images and gatsby-plugin-sharp’s stats (gatsby/framework/images/image-stats.ts)', () => {
  it(`gatsby-remark-images copies ${SHARP_STATS_EXPORT} from ${SHARP_PLUGIN_MODULE} when it loads, and with disableBgImageOnAlpha calls it with the image's File node for each body image`, () => {
    const text = readFileSync(fromRoot.resolve(REMARK_IMAGES_MODULE), 'utf8');
    const copied = /var (_require\d*) = require\("gatsby-plugin-sharp"\),[^;]*\bstats = \1\.stats\b/.exec(text);
    expect(copied).not.toBeNull();
    expect(text).toMatch(/if \(!options\.disableBgImageOnAlpha\) \{[\s\S]{0,120}return stats\(\{\s*file: imageNode,\s*reporter: reporter\s*\}\);[\s\S]{0,120}imageStats && imageStats\.isTransparent/);
  });

  it(`${SHARP_PLUGIN_MODULE}'s ${SHARP_STATS_EXPORT}({ file }) decodes the file and answers { isTransparent }`, async () => {
    const sharp = fromRoot('sharp') as (options: object) => { png(): { toFile(file: string): Promise<unknown> } };
    const site = mkdtempSync(path.join(os.tmpdir(), 'sharp-stats-'));
    try {
      const answers: unknown[] = [];
      for (const [name, alpha] of [
        ['opaque.png', 1],
        ['alpha.png', 0.5],
      ] as const) {
        const file = path.join(site, name);
        await sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 10, g: 20, b: 30, alpha } } })
          .png()
          .toFile(file);
        const stats = (fromRoot(SHARP_PLUGIN_MODULE) as Record<string, (args: object) => Promise<unknown>>)[SHARP_STATS_EXPORT];
        answers.push(await stats?.({ file: { absolutePath: file, internal: { contentDigest: name } }, reporter: { warn() {}, error() {} } }));
      }
      expect(answers).toEqual([{ isTransparent: false }, { isTransparent: true }]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});

describe('Gatsby’s browser runtime (src/lib/gatsby-runtime.ts)', () => {
  it('renders every page into #gatsby-focus-wrapper and sets window.___navigate', () => {
    for (const file of ['cache-dir/production-app.js', 'cache-dir/root.js']) expect([file, gatsbyFile(file)]).toEqual([file, expect.stringContaining(`id="${GATSBY_FOCUS_WRAPPER_ID}"`)]);
    expect(gatsbyFile('cache-dir/navigation.js')).toContain(`window.${GATSBY_NAVIGATE} = (to, options) => navigate(to, options)`);
  });
});

describe('gatsby-plugin-image’s head components (gatsby-ssr.tsx drops them)', () => {
  it('its gatsby-ssr adds to every page exactly the head components keyed GATSBY_IMAGE_HEAD_KEYS', () => {
    const { onRenderBody } = fromRoot('gatsby-plugin-image/gatsby-ssr') as { onRenderBody(args: { setHeadComponents(components: Array<{ key: string | null }>): void }): void };
    const added: Array<{ key: string | null }> = [];
    onRenderBody({ setHeadComponents: (components) => added.push(...components) });
    expect(added.map((component) => component.key).sort()).toEqual([...GATSBY_IMAGE_HEAD_KEYS].sort());
  });
});

describe('Emotion’s start-up in the browser (gatsby/postbuild/emotion-styles.ts)', () => {
  /** A <style> as @emotion/cache's browser build sees one: attributes, and whether it was moved. */
  const styleNode = (attributes: string) => {
    const attrs = new Map([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]));
    return { moved: false, getAttribute: (name: string) => attrs.get(name) ?? null, setAttribute: (name: string, value: string) => void attrs.set(name, value), hasAttribute: (name: string) => attrs.has(name) };
  };
  /** Runs the installed @emotion/cache's createCache({ key: 'css' }) over these styles, in a stand-in document that knows only the selectors Emotion used when this was written. */
  const startEmotion = (styles: Array<ReturnType<typeof styleNode>>) => {
    const selectors: Record<string, (node: ReturnType<typeof styleNode>) => boolean> = {
      'style[data-emotion]:not([data-s])': (node) => node.getAttribute('data-emotion') !== null && !node.hasAttribute('data-s'),
      'style[data-emotion^="css "]': (node) => (node.getAttribute('data-emotion') ?? '').startsWith('css '),
    };
    // appendChild: the start-up move of unmarked styles; insertBefore: the sheet taking over each tag in place (hydrate).
    const head = { appendChild: (node: ReturnType<typeof styleNode>) => ((node.moved = true), node), insertBefore: (node: ReturnType<typeof styleNode>) => node };
    const document = {
      head,
      querySelectorAll(selector: string) {
        const matches = selectors[selector];
        if (!matches) throw new Error(`@emotion/cache asks for styles with a selector this canary does not know: ${selector}`);
        return styles.filter(matches);
      },
    };
    const cacheDir = path.dirname(createRequire(fromRoot.resolve('@emotion/react')).resolve('@emotion/cache/package.json'));
    const previous = (global as { document?: unknown }).document;
    (global as { document?: unknown }).document = document;
    try {
      let cache: { inserted: Record<string, unknown> } | undefined;
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- Emotion's browser build, loaded afresh by path for this canary
        const { default: createCache } = require(path.join(cacheDir, 'dist/emotion-cache.browser.cjs.js')) as { default(options: { key: string }): { inserted: Record<string, unknown> } };
        cache = createCache({ key: 'css' });
      });
      return cache as { inserted: Record<string, unknown> };
    } finally {
      (global as { document?: unknown }).document = previous;
    }
  };

  it(`leaves styles marked ${EMOTION_PLACED_MARK} where the build put them and knows their ids as inserted; unmarked ones it moves`, () => {
    const page = '<html><head><title>t</title></head><body><style data-emotion="css a1 b2">.a{}</style><p></p><style data-emotion="css c3">.c{}</style></body></html>';
    const hoisted = hoistEmotionStyles(page) ?? '';
    const placed = [...hoisted.matchAll(/<style ([^>]*)>/g)].map((m) => styleNode(m[1] as string));
    expect(placed.length).toBeGreaterThan(0);
    const cache = startEmotion(placed);
    expect(placed.map((node) => node.moved)).toEqual(placed.map(() => false));
    expect(Object.keys(cache.inserted).sort()).toEqual(['a1', 'b2', 'c3']);
    // The same styles without the mark (as Emotion's server rendering leaves them) are moved.
    const unmarked = [styleNode('data-emotion="css a1 b2"')];
    startEmotion(unmarked);
    expect(unmarked[0]?.moved).toBe(true);
  });
});

describe('gatsby develop', () => {
  it(`a saved file's node mutations wait ${NODE_MUTATION_BATCH_MS} ms, not 500, before develop runs them: patches/gatsby+<version>.patch is applied`, async () => {
    // Gatsby's own waiting machine, its batch service replaced by one that notes the time.
    type Service = { send(event: object): void; onDone(listener: () => void): void; start(): Service; stop(): void };
    const { waitingMachine } = fromRoot(GATSBY_NODE_MUTATION_BATCH) as { waitingMachine: { withConfig(options: object): { withContext(context: object): object } } };
    const { interpret } = fromGatsby('xstate') as { interpret(machine: object): Service };
    let ranAfter = -1;
    const started = Date.now();
    const machine = waitingMachine.withConfig({ services: { runMutationBatch: () => Promise.resolve((ranAfter = Date.now() - started)) } }).withContext({ nodeMutationBatch: [], runningBatch: [] });
    const service = interpret(machine).start();
    const done = new Promise<void>((resolve) => service.onDone(resolve));
    service.send({ type: 'ADD_NODE_MUTATION', payload: { type: 'createNode', payload: { id: 'file-1' } } });
    await done;
    service.stop();
    expect(ranAfter).toBeGreaterThanOrEqual(NODE_MUTATION_BATCH_MS - 5);
    expect(ranAfter).toBeLessThan(300);
    expect(gatsbyPatch()).toContain(`+const NODE_MUTATION_BATCH_TIMEOUT = ${NODE_MUTATION_BATCH_MS};`);
  });

  it('a page-data request answers once the page’s query has run, also when the result is unchanged and nothing is written: patches/gatsby+<version>.patch is applied', async () => {
    // Upstream, the request waits for CLEAR_PENDING_PAGE_DATA_WRITE, which a query whose result
    // did not change never causes (query-runner.js compares result hashes): it answered only at
    // the 5 s retry, and a tab's first render waits for /dev-404-page/'s data.
    const { redux, actions, internal } = gatsbyRedux();
    const { getPageData, RETRY_INTERVAL } = fromGatsby('./dist/utils/get-page-data') as { getPageData(pagePath: string): Promise<unknown>; RETRY_INTERVAL: number };
    const site = mkdtempSync(path.join(os.tmpdir(), 'page-data-wait-'));
    const component = path.join(site, 'page.js');
    writeFileSync(component, 'export default function Page() { return null; }\n');
    redux.store.dispatch({ type: 'SET_PROGRAM', payload: { directory: site, browserslist: ['defaults'] } } as Action);
    redux.store.dispatch(actions.createPage({ path: '/dev-404-page', component, context: {} }, plugin)); // its query is dirty (a new page)
    // The path as stored (Gatsby applies the trailingSlash option, which differs with the environment).
    const pages = (redux.store.getState() as { pages: Map<string, { path: string; componentPath: string }> }).pages;
    const pagePath = [...pages.values()].find((page) => page.componentPath === component)?.path ?? '';
    const dataFile = pageDataFile(path.join(site, 'public'), pagePath);
    mkdirSync(path.dirname(dataFile), { recursive: true });
    writeFileSync(dataFile, '{"path":"/dev-404-page","result":{"data":{}}}');
    const started = Date.now();
    const answer = getPageData(pagePath);
    // The query runs and gives the result the page-data file already holds: no write is pending.
    setTimeout(() => redux.store.dispatch(internal.pageQueryRun({ path: pagePath, componentPath: component, isPage: true }, plugin)), 50);
    const waited = await Promise.race([answer.then(() => Date.now() - started), new Promise<number>((resolve) => setTimeout(() => resolve(RETRY_INTERVAL), 1000))]);
    expect(waited).toBeLessThan(1000);
    expect(await answer).toEqual({ path: '/dev-404-page', result: { data: {} } });
    rmSync(site, { recursive: true, force: true });
    expect(gatsbyPatch()).toContain('+      _redux.emitter.on(`PAGE_QUERY_RUN`, listener);');
  }, 15_000);

  it(`develop dispatches ${DEVELOP_PAGE_DATA_SENT} right after sending a page's data to the tabs, and the emitter repeats every action`, () => {
    expect(gatsbyFile('dist/utils/page-data.js')).toMatch(new RegExp(`websocketManager\\.emitPageData\\([\\s\\S]{0,600}type: \`${DEVELOP_PAGE_DATA_SENT}\``));
    expect(gatsbyFile('dist/redux/index.js')).toContain('emitter.emit(lastAction.type, lastAction)');
  });

  it('the develop server runs developMiddleware’s routes before it serves public/ (develop-server.ts answers search files, Markdown versions and cards there first)', () => {
    expect(gatsbyFile('dist/utils/start-server.js')).toMatch(/developMiddleware\(app\);[\s\S]*app\.use\(\(0, _developStatic\.developStatic\)\(`public`/);
  });

  it('the overlay: websocketManager.emitError reaches the tabs, which show each error’s message, file and line', () => {
    expect(gatsbyFile('dist/utils/websocket-manager.js')).toMatch(/emitError = \(id, message\) => \{[\s\S]*type: `overlayError`/);
    expect(gatsbyFile('dist/utils/websocket-manager.js')).toContain('exports.websocketManager = websocketManager');
    const socket = gatsbyFile('cache-dir/socketIo.js');
    expect(socket).toMatch(/msg\.type === `overlayError`[\s\S]*reportError\(msg\.payload\.id, msg\.payload\.message\)[\s\S]*clearError\(msg\.payload\.id\)/);
    const overlay = gatsbyFile('cache-dir/fast-refresh-overlay/components/graphql-errors.js');
    for (const field of ['error.context.sourceMessage', 'error?.filePath', 'error?.location?.start?.line', 'error?.location?.start?.column', 'prettifyStack(error.text)']) expect(overlay).toContain(field);
  });
});

describe('gatsby develop: node events', () => {
  it('the emitter repeats every redux action under its type, node creations and deletions among them', () => {
    expect(gatsbyFile('dist/redux/index.js')).toContain('emitter.emit(lastAction.type, lastAction)');
    const actions = gatsbyFile('dist/redux/actions/public.js');
    for (const event of NODE_EVENTS) expect(actions).toContain(`type: \`${event}\``);
    expect(isNodeEventOf({ type: 'CREATE_NODE', payload: { internal: { type: 'Mdx' } } }, 'Mdx')).toBe(true);
    expect(isNodeEventOf({ type: 'CREATE_NODE', payload: { internal: { type: 'File' } } }, 'Mdx')).toBe(false);
  });
});

describe('gatsby build: the page data written', () => {
  it('build.js writes every page data, then sets BOOTSTRAP_QUERY_RUNNING_FINISHED, then renders the HTML: the search worker starts there', () => {
    expect(gatsbyFile('dist/commands/build.js')).toMatch(
      /await \(0, _pageData\.flush\)\(buildSpan\);[\s\S]*dispatch\(_actions\.actions\.setProgramStatus\(`BOOTSTRAP_QUERY_RUNNING_FINISHED`\)\)[\s\S]*buildHTMLPagesAndDeleteStaleArtifacts\)\(/,
    );
    expect(gatsbyFile('dist/redux/index.js')).toContain('emitter.emit(lastAction.type, lastAction)');
  });

  it('onceBuildPageDataWritten hears that action, through Gatsby’s own action creator and emitter, once', () => {
    const { setProgramStatus } = fromGatsby('./dist/redux/actions/internal.js') as { setProgramStatus(status: string): { type: string } };
    const { mett } = fromGatsby('./dist/utils/mett.js') as { mett(): { on(t: string, f: (a: unknown) => void): void; off(t: string, f: (a: unknown) => void): void; emit(t: string, a: unknown): void } };
    const emitter = mett();
    const emit = (action: { type: string }) => emitter.emit(action.type, action);
    let heard = 0;
    onceBuildPageDataWritten(emitter, () => heard++);
    emit(setProgramStatus('BOOTSTRAP_FINISHED'));
    emit({ type: 'CREATE_PAGE' });
    expect(heard).toBe(0);
    emit(setProgramStatus('BOOTSTRAP_QUERY_RUNNING_FINISHED'));
    emit(setProgramStatus('BOOTSTRAP_QUERY_RUNNING_FINISHED'));
    expect(heard).toBe(1);
  });
});
