/**
 * The site's compiler of gatsby-config.ts and gatsby-node.ts (gatsby/framework/compile-gatsby-files.cjs,
 * esbuild), which Gatsby calls instead of Parcel (patches/gatsby+<version>.patch; the canary in
 * gatsby-internals.test.ts checks the installed Gatsby calls it). Its outputs must be what Gatsby
 * loads: the real site's hooks and config, CommonJS, under .cache/compiled.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileGatsbyFiles, needsParcel, ROOT_FILES } from '../../gatsby/framework/compile-gatsby-files.cjs';
import { COMPILED_GATSBY_FILES } from '../../gatsby/framework/internals';
import { writeSourceSite } from './support/source-site';

const ROOT = path.resolve(__dirname, '../..');

let work = '';
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'compile-gatsby-files-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const site = (files: Record<string, string>): string => writeSourceSite(path.join(work, 'site'), files);

type Module = Record<string, unknown>;
const load = (file: string): Module => {
  delete require.cache[file];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file written by the test, loaded afresh
  return require(file) as Module;
};

describe('compiling gatsby-config.ts and gatsby-node.ts with esbuild', () => {
  it('compiles the real site into the files Gatsby loads, with the same hooks and the same config as the sources', async () => {
    // Inside the project, as .cache/compiled is, so that the outputs find the site's packages.
    mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
    const dist = mkdtempSync(path.join(ROOT, 'node_modules/.cache/compiled-'));
    try {
      const bundles = await compileGatsbyFiles(ROOT, dist);
      expect(bundles).toEqual(ROOT_FILES.map((file) => ({ filePath: path.join(dist, file.replace(/\.ts$/, '.js')), mainEntryPath: path.join(ROOT, file) })));
      expect(readdirSync(dist).sort()).toEqual(COMPILED_GATSBY_FILES.map((file) => path.basename(file)).sort());

      const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(__dirname, 'support/compiled-gatsby-files.mts'), dist], { cwd: ROOT, encoding: 'utf8' });
      const line = run.stdout.split('\n').find((l) => l.startsWith('{"compiled"'));
      if (!line) throw new Error(`status ${run.status}\n${run.stderr}`);
      const { compiled, source } = JSON.parse(line) as Record<'compiled' | 'source', { hooks: string[]; config: { plugins: unknown[] } }>;
      expect(source.hooks).toEqual(expect.arrayContaining(['createPages', 'onCreateWebpackConfig', 'onPostBuild']));
      expect(compiled.hooks).toEqual(source.hooks);
      // The config is data (plugins, their options, site metadata): the compiled one equals the source.
      expect(compiled.config).toEqual(source.config);
      expect(compiled.config.plugins.length).toBeGreaterThan(5);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 60_000);

  it('bundles what the files import from the site and leaves packages to Node', async () => {
    const dir = site({
      'gatsby-node.ts':
        "import { greeting } from './gatsby/greeting';\nimport path from 'node:path';\nimport { parse } from 'yaml';\nexport const onPreInit = (): string => `${greeting} ${path.basename('/a/b.txt')}`;\nexport const yamlParse = parse;\n",
      'gatsby/greeting.ts': "export const greeting: string = '你好';\n",
      'gatsby-config.ts': "import type { GatsbyConfig } from 'gatsby';\nconst config: GatsbyConfig = { siteMetadata: { title: 'iofomo' }, plugins: [] };\nexport default config;\n",
    });
    await compileGatsbyFiles(dir, path.join(dir, '.cache/compiled'));
    // The site's own module is inside the output: it runs with its source gone.
    rmSync(path.join(dir, 'gatsby'), { recursive: true });
    const node = load(path.join(dir, '.cache/compiled/gatsby-node.js'));
    expect((node.onPreInit as () => string)()).toBe('你好 b.txt');
    // A package is Node's to load: the output's export is the installed package's own function.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the instance Node's loader holds, found from the site
    expect(node.yamlParse).toBe((require(require.resolve('yaml', { paths: [dir] })) as { parse: unknown }).parse);
    expect(load(path.join(dir, '.cache/compiled/gatsby-config.js')).default).toEqual({ siteMetadata: { title: 'iofomo' }, plugins: [] });
  });

  it('compiles only the root files that exist, and nothing without them', async () => {
    const dir = site({ 'gatsby-config.ts': 'export default { plugins: [] };\n' });
    expect((await compileGatsbyFiles(dir, path.join(dir, 'out'))).map((b) => path.basename(b.filePath))).toEqual(['gatsby-config.js']);
    const empty = path.join(work, 'empty');
    mkdirSync(empty);
    expect(await compileGatsbyFiles(empty, path.join(empty, 'out'))).toEqual([]);
  });

  it('writes source maps in development only, as Parcel did', async () => {
    const dir = site({ 'gatsby-node.ts': 'export const onPreInit = (): void => undefined;\n' });
    const before = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'development';
      await compileGatsbyFiles(dir, path.join(dir, 'dev'));
      process.env.NODE_ENV = 'production';
      await compileGatsbyFiles(dir, path.join(dir, 'prod'));
    } finally {
      process.env.NODE_ENV = before;
    }
    expect(readdirSync(path.join(dir, 'dev')).sort()).toEqual(['gatsby-node.js', 'gatsby-node.js.map']);
    expect(readdirSync(path.join(dir, 'prod'))).toEqual(['gatsby-node.js']);
  });

  it('throws a syntax error with diagnostics naming file:line:column, which Gatsby reports instead of retrying', async () => {
    const dir = site({ 'gatsby-node.ts': 'export const a = 1;\nexport const b = ;\n' });
    const error = (await compileGatsbyFiles(dir, path.join(dir, 'out')).catch((e: unknown) => e)) as Error & { diagnostics?: Array<{ message: string; origin: string }> };
    expect(error).toBeInstanceOf(Error);
    expect(error.diagnostics).toEqual([{ message: expect.stringMatching(/^gatsby-node\.ts:2:18: Unexpected ";"/), origin: 'esbuild' }]);
    expect(error.message).toBe(error.diagnostics?.[0]?.message);
  });

  it('names the file of a missing import', async () => {
    const dir = site({ 'gatsby-node.ts': "import { x } from './gatsby/nowhere';\nexport const onPreInit = () => x;\n" });
    const error = (await compileGatsbyFiles(dir, path.join(dir, 'out')).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^gatsby-node\.ts:1:19: Could not resolve "\.\/gatsby\/nowhere"/);
  });

  it('leaves sites with TypeScript local plugins to Parcel (Gatsby looks for their outputs in its own layout)', () => {
    expect(needsParcel(ROOT)).toBe(false);
    const dir = site({ 'gatsby-node.ts': '', 'plugins/a/README.md': '' });
    expect(needsParcel(dir)).toBe(false);
    writeFileSync(path.join(dir, 'plugins/a/gatsby-node.js'), '');
    expect(needsParcel(dir)).toBe(false);
    mkdirSync(path.join(dir, 'plugins/a/deep'), { recursive: true });
    writeFileSync(path.join(dir, 'plugins/a/deep/gatsby-config.ts'), '');
    expect(needsParcel(dir)).toBe(true);
  });
});
