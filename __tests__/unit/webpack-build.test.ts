/**
 * The webpack plumbing of the build (gatsby-node.ts onCreateWebpackConfig): SWC instead of Babel
 * and Terser (gatsby/framework/webpack/swc.ts) and the fingerprint that decides whether webpack's
 * persistent cache is still valid (gatsby/framework/webpack/cache.ts).
 */
import { transformSync as babelTransform } from '@babel/core';
import { transform as swcTransform } from '@swc/core';
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { FingerprintBuildDependencies, fingerprint, webpackCacheDir, writeFingerprint } from '../../gatsby/framework/webpack/cache';
import { fingerprintWebpackCache } from '../../gatsby/framework/webpack/gatsby-node';
import { isGatsbyJsRule, type BabelItem, type WebpackStage } from '../../gatsby/framework/internals';
import { babelOptions, babelPlugins, FIXED_NAMES, presetsSwcReplaces, RUNTIME_ASSET, swcJsRule, swcMinimizers, swcOptions, swcRules, swcSettings, syntaxOf } from '../../gatsby/framework/webpack/swc';

const root = path.resolve(__dirname, '../..');
const browsers = ['>0.25% and supports es6-module', 'not dead and supports es6-module'];

const settings = (stage: WebpackStage, registered: BabelItem[] = []) => swcSettings(stage, browsers, registered, root);
const gatsbyRule = () => ({ test: /\.(js|mjs|jsx|ts|tsx)$/, include: () => true, type: 'javascript/auto', use: () => [{ loader: 'gatsby-babel-loader' }] });
const EMOTION: BabelItem = { name: '/nm/@emotion/babel-plugin/dist/emotion-babel-plugin.cjs.js', options: { sourceMap: true, autoLabel: 'dev-only', labelFormat: '[local]', cssPropOptimization: true } };
const REGISTERED: BabelItem[] = [{ name: '@sigmacomputing/babel-plugin-lodash' }, EMOTION, { name: '/nm/@babel/plugin-proposal-optional-chaining/lib/index.js' }];

describe('which files need Babel before SWC', () => {
  const paths = settings('build-javascript').paths;
  const m = (stage: WebpackStage, extra: Partial<{ resourceQuery: string; isPageTemplate: boolean }> = {}) => ({ stage, resourceQuery: '', isPageTemplate: false, ...extra });
  const names = (source: string, mod: ReturnType<typeof m>, registered = REGISTERED) => babelPlugins(source, mod, registered, paths).map(([name]) => name);

  it('a file without queries, styles or lodash needs none: SWC alone', () => {
    expect(babelPlugins('export const sum = (a: number, b?: number) => a + (b ?? 0);', m('build-javascript'), REGISTERED, paths)).toEqual([]);
  });

  it('Emotion’s plugin, with the options gatsby-plugin-emotion registered, for files that use Emotion', () => {
    expect(babelPlugins("import { css } from '@emotion/react';\nconst a = css`color: red;`;", m('build-html'), REGISTERED, paths)).toEqual([[EMOTION.name, EMOTION.options]]);
    expect(names('export const A = () => <b css={{ color: "red" }} />;', m('develop'))).toEqual([EMOTION.name]);
    expect(names("import { debounce } from 'lodash';", m('develop'))).toEqual(['@sigmacomputing/babel-plugin-lodash']);
  });

  it('a plugin this code does not know runs on every file; syntax plugins never (SWC compiles that)', () => {
    expect(names('export const x = a?.b;', m('build-javascript'), [...REGISTERED, { name: 'babel-plugin-something-new' }])).toEqual(['babel-plugin-something-new']);
  });

  it('page and static queries get remove-graphql-queries, with the stage', () => {
    const page = "import { graphql } from 'gatsby';\nexport const query = graphql`query { site { id } }`;";
    expect(babelPlugins(page, m('build-html'), [], paths)).toEqual([[paths.removeGraphqlQueries, { stage: 'build-html', staticQueryDir: 'page-data/sq/d' }]]);
    expect(names('const data = useStaticQuery(q);', m('develop'))).toEqual([paths.removeGraphqlQueries]);
  });

  it('page components lose build-time exports in the browser bundle only', () => {
    const withConfig = 'export async function config() { return () => ({ defer: true }); }\nexport default function Page() { return null; }';
    expect(babelPlugins(withConfig, m('build-javascript', { isPageTemplate: true }), [], paths)).toEqual([[paths.removeApi, { apis: ['getServerData', 'config'] }]]);
    expect(babelPlugins(withConfig, m('build-html', { isPageTemplate: true }), [], paths)).toEqual([]);
    expect(babelPlugins(withConfig, m('build-javascript'), [], paths)).toEqual([]);
    // A template that only imports the site config needs nothing.
    expect(babelPlugins("import { siteConfig } from '../config/site';\nexport default function Page() { return null; }", m('build-javascript', { isPageTemplate: true }), [], paths)).toEqual([]);
  });

  it('Gatsby’s ?export= split removes Head or the page, like Gatsby does', () => {
    const plain = 'export default function Page() { return null; }\nexport const Head = () => null;';
    expect(babelPlugins(plain, m('build-javascript', { isPageTemplate: true, resourceQuery: '?export=default' }), [], paths)).toEqual([[paths.removeApi, { apis: ['getServerData', 'config', 'Head'] }]]);
    expect(babelPlugins(plain, m('develop', { isPageTemplate: true, resourceQuery: '?export=head' }), [], paths)).toEqual([[paths.removeApi, { apis: ['getServerData', 'config', 'default'] }]]);
  });

  it('<Slice> elements get their placeholder location outside the browser bundle', () => {
    const slice = 'export const L = () => <Slice alias="footer" />;';
    expect(names(slice, m('build-html'), [])).toEqual([paths.slicePlaceholder]);
    expect(names(slice, m('build-javascript'), [])).toEqual([]);
  });

  it('SWC replaces preset-typescript, not other presets', () => {
    expect(presetsSwcReplaces([{ name: '/nm/@babel/preset-typescript/lib/index.js' }])).toBe(true);
    expect(presetsSwcReplaces([{ name: 'babel-preset-something' }])).toBe(false);
  });

  it('knows TypeScript, TSX and JavaScript apart', () => {
    expect(['a.tsx', 'a.ts', 'a.mts', 'a.js', 'a.jsx', 'a.mjs'].map(syntaxOf)).toEqual(['tsx', 'ts', 'ts', 'js', 'js', 'js']);
  });
});

describe('the JavaScript rules', () => {
  const read = (sources: Record<string, string>) => (file: string) => sources[file] ?? '';
  const tsRule = { test: /\.tsx?$/, use: () => [{ loader: 'gatsby-babel-loader' }] };

  it('rewrites Gatsby’s rule, drops gatsby-plugin-typescript’s second Babel pass, keeps the rest', () => {
    expect(isGatsbyJsRule(gatsbyRule())).toBe(true);
    expect(isGatsbyJsRule({ test: /\.(js|mjs|jsx|ts|tsx)$/, use: [] })).toBe(false);
    const css = { test: /\.css$/, use: [] };
    const rules = swcRules([gatsbyRule(), tsRule, css], settings('build-html'));
    expect(rules).toHaveLength(2);
    expect(rules[1]).toBe(css);
  });

  it('keeps Gatsby’s loaders when asked without a resource (Fast Refresh looks for them that way)', () => {
    const rule = swcJsRule(gatsbyRule(), settings('develop'), read({}));
    expect((rule.use as (i: object) => unknown)({})).toEqual([{ loader: 'gatsby-babel-loader' }]);
  });

  it('sends plain files to SWC only, query and style files through Babel first', () => {
    const s = settings('build-javascript', REGISTERED);
    const rule = swcJsRule(gatsbyRule(), s, read({ '/x/Plain.tsx': 'export const A = () => <b />;', '/x/Query.tsx': "import { css } from '@emotion/react';\nconst d = useStaticQuery(graphql`query { site { id } }`);" }));
    const use = rule.use as (i: object) => Array<{ loader: string; options: Record<string, unknown>; ident: string }>;
    const plain = use({ resource: '/x/Plain.tsx' });
    expect(plain.map((l) => l.loader)).toEqual([s.paths.swcLoader]);
    const query = use({ resource: '/x/Query.tsx' });
    // Webpack runs loaders right to left: Babel (only the plugins needed) first, then SWC.
    expect(query.map((l) => l.loader)).toEqual([s.paths.swcLoader, s.paths.babelLoader]);
    expect(query[1]?.options).toMatchObject({
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: ['typescript', 'jsx'] },
      plugins: [
        [EMOTION.name, EMOTION.options],
        [s.paths.removeGraphqlQueries, { stage: 'build-javascript', staticQueryDir: 'page-data/sq/d' }],
      ],
    });
    // Each loader entry is named by its options, so webpack's cache keeps different options apart.
    expect(query[0]?.ident).toMatch(/^swc-[0-9a-f]{16}$/);
    expect(use({ resource: '/x/Other.ts' })[0]?.ident).not.toBe(plain[0]?.ident);
  });

  it('names the loaders the same wherever the project is (webpack’s module ids are hashes of those names)', () => {
    const here = settings('build-javascript', [{ ...EMOTION, name: path.join(root, 'node_modules/@emotion/babel-plugin/dist/emotion-babel-plugin.cjs.js') }]);
    const elsewhere = JSON.parse(JSON.stringify(here).split(root).join('/elsewhere/site')) as typeof here;
    expect(elsewhere.root).toBe('/elsewhere/site');
    const source = read({ '/x/Query.tsx': "import { css } from '@emotion/react';\nconst d = useStaticQuery(graphql`query { site { id } }`);" });
    const idents = (s: typeof here) => (swcJsRule(gatsbyRule(), s, source).use as (i: object) => Array<{ ident: string }>)({ resource: '/x/Query.tsx' }).map((l) => l.ident);
    expect(idents(here)).toHaveLength(2);
    expect(idents(elsewhere)).toEqual(idents(here));
    // Other plugins are still another name.
    expect(idents(settings('build-javascript', REGISTERED))[1]).not.toBe(idents(here)[1]);
  });

  it('targets the site’s browsers in the browser bundle and this Node in the HTML renderer', () => {
    expect(swcOptions('/x/a.ts', settings('build-javascript'))).toMatchObject({ env: { targets: browsers }, jsc: { parser: { syntax: 'typescript', tsx: false } } });
    expect(swcOptions('/x/a.js', settings('build-html'))).toMatchObject({ env: { targets: { node: process.versions.node } }, jsc: { parser: { syntax: 'ecmascript', jsx: true } } });
    expect(swcOptions('/x/a.tsx', settings('develop'))).toMatchObject({ jsc: { transform: { react: { development: true, refresh: true, importSource: '@emotion/react' } } } });
  });

  it('Babel then SWC gives Emotion’s css`` the same minified styles (so class names) as Gatsby’s Babel did', async () => {
    const source =
      "import { css } from '@emotion/react';\nconst c = (n: string) => n;\nexport const box = css`\n  display: grid;\n  /* a comment */\n  grid-template-columns: repeat(2, minmax(0, 1fr));\n  color: ${c('text')};\n  @media (min-width: 1280px) {\n    &:hover { color: red; }\n  }\n`;\n";
    const file = path.join(root, 'src', 'fixture.ts');
    const emotion = { name: require.resolve('@emotion/babel-plugin'), options: EMOTION.options };
    const s = settings('build-javascript', [emotion]);
    const plugins = babelPlugins(source, { stage: 'build-javascript', resourceQuery: '', isPageTemplate: false }, s.registered, s.paths);
    const first = babelTransform(source, { ...(babelOptions(file, plugins) as object), filename: file, envName: 'production' });
    const ours = await swcTransform(first?.code ?? '', { ...(swcOptions(file, s) as object), filename: file });
    const gatsby = babelTransform(source, { filename: file, babelrc: false, configFile: false, presets: [['@babel/preset-typescript']], plugins: [[emotion.name, emotion.options]], envName: 'production' });
    const styles = (code: string) => [...code.matchAll(/"([^"]*(?:display|hover)[^"]*)"/g)].map((x) => x[1]);
    expect(styles(ours.code)).toEqual(['display:grid;grid-template-columns:repeat(2, minmax(0, 1fr));color:', ';@media (min-width: 1280px){&:hover{color:red;}}']);
    expect(styles(ours.code)).toEqual(styles(gatsby?.code ?? ''));
  });
});

describe('the minimizer', () => {
  class TerserPlugin {
    static swcMinify = () => 'swc';
    static terserMinify = () => 'terser';
    constructor(public readonly options: Record<string, unknown>) {}
  }
  class CssMinimizer {}

  it('swaps Terser for SWC’s minifier, keeping Gatsby’s exclude and ES5 output, but for the webpack runtime; leaves others alone', () => {
    const css = new CssMinimizer();
    const [js, runtime, other] = swcMinimizers([new TerserPlugin({ exclude: /\.min\.js/ }), css]) as [TerserPlugin, TerserPlugin, CssMinimizer];
    expect(js).toBeInstanceOf(TerserPlugin);
    expect(js.options).toMatchObject({ exclude: [/\.min\.js/, RUNTIME_ASSET], minify: TerserPlugin.swcMinify, terserOptions: { ecma: 5, mangle: { safari10: true } } });
    expect(runtime.options).toMatchObject({ include: RUNTIME_ASSET, minify: TerserPlugin.terserMinify, terserOptions: { ecma: 5, mangle: { safari10: true, nth_identifier: FIXED_NAMES } } });
    expect(RUNTIME_ASSET.test('webpack-runtime-0123456789abcdef0123.js')).toBe(true);
    expect(RUNTIME_ASSET.test('app-0123456789abcdef0123.js')).toBe(false);
    expect(other).toBe(css);
  });

  it('names in a fixed order: one letter, then two characters, never the same twice', () => {
    const names = Array.from({ length: 5000 }, (_, n) => FIXED_NAMES.get(n));
    expect(names.slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect(names[54]).toHaveLength(2);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((name) => /^[A-Za-z$_][A-Za-z0-9$_]*$/.test(name))).toBe(true);
  });

  /** A runtime of the shape webpack writes: its chunk-file map holds (interim) hashes. */
  const runtime = (hashes: [string, string]) => `(function(){var installed={};function load(chunkId){var url=
    "" + ({"1":"search-engine","2":"tabs"}[chunkId] || chunkId) + "-" + {"1":"${hashes[0]}","2":"${hashes[1]}"}[chunkId] + ".js";
    var script=document.createElement("script");script.src=url;var done=function(event){installed[chunkId]=event.type;};
    script.onload=done;script.onerror=done;document.head.appendChild(script);return installed;}self.load=load;})();`;

  it('minifies the runtime to the same code whatever the hashes in it were, where Terser’s own names vary', async () => {
    // Gatsby's real minimizer class (terser-webpack-plugin), as the build gets it.
    const gatsbyRequire = createRequire(require.resolve('gatsby/package.json'));
    const { createWebpackUtils } = gatsbyRequire('./dist/utils/webpack-utils') as { createWebpackUtils(stage: string, program: object): { plugins: { minifyJs(): unknown } } };
    const [, ours] = swcMinimizers([createWebpackUtils('build-javascript', { directory: path.resolve(__dirname, '../..'), browserslist: ['defaults'] }).plugins.minifyJs()]) as [
      unknown,
      { options: { minimizer: { implementation: Minify; options: object } } },
    ];
    type Minify = (input: Record<string, string>, map: undefined, options: object) => Promise<{ code: string }>;
    const { implementation, options } = ours.options.minimizer;
    const interim: Array<[string, string]> = [
      ['a1b2c3d4e5f6a7b8c9d0', 'ffffeeeeddddccccbbbb'],
      ['zzzzqqqqxxxx00001111', 'wwwwkkkkjjjj99998888'],
    ];
    const final = (code: string, hashes: [string, string]) => code.replace(hashes[0], 'FINAL1').replace(hashes[1], 'FINAL2');
    const minified = async (opts: object) => Promise.all(interim.map(async (h) => final((await implementation({ 'webpack-runtime-x.js': runtime(h) }, undefined, opts)).code, h)));
    const [first, second] = await minified(options);
    expect(first).toContain('FINAL1');
    expect(second).toBe(first);
    // Terser's default names follow the characters of the file, hashes included.
    const { nth_identifier: _fixed, ...defaultMangle } = (options as { mangle: Record<string, unknown> }).mangle;
    const [a, b] = await minified({ ...options, mangle: defaultMangle });
    expect(b).not.toBe(a);
  });
});

describe('the webpack cache fingerprint', () => {
  it('changes with the lockfile or the compiled gatsby-node, not otherwise', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
    writeFileSync(path.join(dir, 'package-lock.json'), '{"v":1}');
    const first = fingerprint(dir, ['package-lock.json', 'missing.js'], { stage: 'build-html' });
    expect(JSON.parse(first)).toMatchObject({ stage: 'build-html', files: { 'missing.js': 'missing' } });
    expect(fingerprint(dir, ['package-lock.json', 'missing.js'], { stage: 'build-html' })).toBe(first);
    writeFileSync(path.join(dir, 'package-lock.json'), '{"v":2}');
    expect(fingerprint(dir, ['package-lock.json', 'missing.js'], { stage: 'build-html' })).not.toBe(first);
  });

  it('is rewritten only when it changed, so webpack sees the same file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
    writeFileSync(path.join(dir, 'package-lock.json'), '{}');
    const cacheDir = path.join(dir, 'webpack-cache');
    const file = writeFingerprint(dir, 'develop', cacheDir);
    expect(path.dirname(file)).toBe(cacheDir);
    utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(writeFingerprint(dir, 'develop', cacheDir)).toBe(file);
    expect(statSync(file).mtime.getFullYear()).toBe(2000);
    writeFileSync(path.join(dir, 'package.json'), '{}');
    writeFingerprint(dir, 'develop', cacheDir);
    expect(statSync(file).mtime.getFullYear()).not.toBe(2000);
    expect(readFileSync(file, 'utf8')).toContain('"stage": "develop"');
  });

  it("keeps develop's caches in the build cache, one folder per project, and the builds' in .cache/webpack", () => {
    const gatsby = '/site/.cache/webpack';
    expect(webpackCacheDir('/site', 'build-javascript', gatsby, '/bc')).toBe('/site/.cache/webpack');
    expect(webpackCacheDir('/site', 'build-html', gatsby, '/bc')).toBe('/site/.cache/webpack');
    const develop = webpackCacheDir('/site', 'develop', gatsby, '/bc');
    expect(develop).toMatch(/^\/bc\/webpack-develop\/[0-9a-f]{16}$/);
    expect(webpackCacheDir('/site', 'develop-html', gatsby, '/bc')).toBe(develop);
    expect(webpackCacheDir('/site/', 'develop', '/site/.cache/webpack', '/bc')).toBe(develop);
    expect(webpackCacheDir('/other-checkout', 'develop', '/other-checkout/.cache/webpack', '/bc')).not.toBe(develop);
  });

  it("points develop's webpack caches (and their fingerprints) outside .cache, where `gatsby clean` leaves them", () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'webpack-cache-site-'));
    const buildCache = mkdtempSync(path.join(os.tmpdir(), 'webpack-cache-bc-'));
    const previous = process.env.SITE_BUILD_CACHE;
    process.env.SITE_BUILD_CACHE = buildCache;
    try {
      const run = (stage: WebpackStage) => {
        // Gatsby's own config (gatsby/dist/utils/webpack.config.js): .cache/webpack/stage-<stage>.
        let config = { cache: { type: 'filesystem', name: stage, cacheLocation: path.join(site, '.cache', 'webpack', `stage-${stage}`) } };
        const plugins: unknown[] = [];
        const actions = {
          replaceWebpackConfig: (next: typeof config) => (config = next),
          setWebpackConfig: (part: { plugins: unknown[] }) => plugins.push(...part.plugins),
        };
        const store = { getState: () => ({ program: { directory: site } }) };
        fingerprintWebpackCache({ stage, actions, getConfig: () => config, store } as unknown as Parameters<typeof fingerprintWebpackCache>[0]);
        return { location: config.cache.cacheLocation, plugins };
      };
      for (const stage of ['develop', 'develop-html'] as const) {
        const { location, plugins } = run(stage);
        expect(location).toBe(path.join(webpackCacheDir(site, stage, path.join(site, '.cache', 'webpack'), buildCache), `stage-${stage}`));
        expect(location.startsWith(buildCache + path.sep)).toBe(true);
        expect(plugins).toHaveLength(1);
      }
      expect(readFileSync(path.join(webpackCacheDir(site, 'develop', path.join(site, '.cache', 'webpack'), buildCache), 'build-dependencies-develop.json'), 'utf8')).toContain('"stage": "develop"');
      expect(run('build-javascript').location).toBe(path.join(site, '.cache', 'webpack', 'stage-build-javascript'));
      // A build stage's fingerprint stays beside Gatsby's cache.
      expect(readFileSync(path.join(site, '.cache', 'webpack', 'build-dependencies-build-javascript.json'), 'utf8')).toContain('"stage": "build-javascript"');
    } finally {
      if (previous === undefined) delete process.env.SITE_BUILD_CACHE;
      else process.env.SITE_BUILD_CACHE = previous;
    }
  });

  it('replaces the compilation’s build dependencies with the fingerprint file', () => {
    let done: ((c: { buildDependencies: Set<string> }) => void) | undefined;
    new FingerprintBuildDependencies('/site/.cache/webpack/fp.json').apply({ hooks: { afterCompile: { tap: (_name, fn) => (done = fn) } } });
    const compilation = { buildDependencies: new Set(['/nm/gatsby/dist/utils/webpack.config.js', '/nm/babel-loader/lib/index.js']) };
    done?.(compilation);
    expect([...compilation.buildDependencies]).toEqual(['/site/.cache/webpack/fp.json']);
  });
});
