/**
 * Gatsby's cache is dropped when the build code changed since it was made
 * (gatsby/framework/code-change): the fingerprint of the build code, the rule, and the
 * two hooks on a site folder. That Gatsby deletes a cache whose public/ is gone, right after
 * onPreInit, is its canary in gatsby-internals.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCodeFingerprint, cacheIsStale } from '../../gatsby/framework/code-change/fingerprint';
import { buildCodeFiles, currentFingerprint, FINGERPRINT_FILE, LOCKFILE, onPreBootstrap, onPreInit } from '../../gatsby/framework/code-change/gatsby-node';
import { GATSBY_NODE_STORE_DIR, GATSBY_PUBLIC_DIR } from '../../gatsby/framework/internals';
import { writeSourceSite } from './support/source-site';

const ROOT = path.resolve(__dirname, '../..');

describe('the build code’s fingerprint', () => {
  it('is the same for the same files, changes with any file’s text or name, and is unknown when a file is missing', () => {
    const print = (files: Array<[string, string | null]>) => buildCodeFingerprint(files);
    expect(print([['gatsby-node.ts', 'a();\n']])).toMatch(/^[0-9a-f]{32}$/);
    expect(print([['gatsby-node.ts', 'a();\n']])).toBe(print([['gatsby-node.ts', 'a();\n']]));
    expect(print([['gatsby-node.ts', 'a();\n']])).not.toBe(print([['gatsby-node.ts', 'b();\n']]));
    expect(print([['gatsby-node.ts', 'a();\n']])).not.toBe(print([['gatsby/a.ts', 'a();\n']]));
    // The same text moved from one file to the other is other code.
    expect(
      print([
        ['x', 'ab'],
        ['y', ''],
      ]),
    ).not.toBe(
      print([
        ['x', 'a'],
        ['y', 'b'],
      ]),
    );
    expect(print([['gatsby-node.ts', null]])).toBeNull();
  });

  it('covers every site file gatsby-node and gatsby-config import, at any depth, and no other file or package', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'code-change-graph-'));
    try {
      writeSourceSite(dir, {
        'gatsby-node.ts': "import { render } from './gatsby/render';\nimport { parse } from 'yaml';\nexport const onPreInit = () => render(parse('a: 1'));\n",
        'gatsby/render.ts': "import { slug } from './slug';\nexport const render = (x: unknown) => slug(String(x));\n",
        'gatsby/slug.ts': 'export const slug = (x: string) => x.toLowerCase();\n',
        'gatsby/unused.ts': 'export const unused = 1;\n',
        'gatsby-config.ts': "import { title } from './src/config';\nexport default { siteMetadata: { title }, plugins: [] };\n",
        'src/config.ts': "export const title = 'iofomo';\n",
      });
      expect(buildCodeFiles(dir)).toEqual(['gatsby-config.ts', 'gatsby-node.ts', 'gatsby/render.ts', 'gatsby/slug.ts', 'src/config.ts']);
      const before = currentFingerprint(dir);
      writeFileSync(path.join(dir, 'gatsby/unused.ts'), 'export const unused = 2;\n');
      expect(currentFingerprint(dir)).toBe(before);
      writeFileSync(path.join(dir, 'gatsby/slug.ts'), 'export const slug = (x: string) => x.toUpperCase();\n');
      expect(currentFingerprint(dir)).not.toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on this site: the renderer and the content rules deep under gatsby/ are build code, packages are not', () => {
    const files = buildCodeFiles(ROOT) ?? [];
    expect(files).toEqual(expect.arrayContaining(['gatsby-node.ts', 'gatsby-config.ts', 'gatsby/markdown/render.ts', 'gatsby/content/model.ts', 'src/lib/routes.ts']));
    expect(files.filter((file) => file.includes('node_modules'))).toEqual([]);
  });

  it('a cache goes when it was made by other code or by code that noted none; no cache, or no fingerprint now, changes nothing', () => {
    expect(cacheIsStale({ hasCache: true, current: 'a', stored: 'a' })).toBe(false);
    expect(cacheIsStale({ hasCache: true, current: 'b', stored: 'a' })).toBe(true);
    expect(cacheIsStale({ hasCache: true, current: 'a', stored: null })).toBe(true);
    expect(cacheIsStale({ hasCache: false, current: 'a', stored: null })).toBe(false);
    expect(cacheIsStale({ hasCache: true, current: null, stored: 'a' })).toBe(false);
  });
});

describe('the hooks on a site folder', () => {
  let site: string;
  const infos: string[] = [];
  const args = () => ({ store: { getState: () => ({ program: { directory: site } }) }, reporter: { info: (text: string) => infos.push(text) } }) as never;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), text);
  };
  /** A finished build's folder: the build code, Gatsby's node store, public/. */
  const built = (code: string) => {
    write('gatsby-node.ts', code);
    write('gatsby-config.ts', 'export default {};\n');
    mkdirSync(path.join(site, GATSBY_NODE_STORE_DIR), { recursive: true });
    write(path.join(GATSBY_PUBLIC_DIR, 'index.html'), '<!doctype html>');
  };
  const preInit = () => onPreInit!(args(), {} as never, () => undefined);
  const preBootstrap = () => onPreBootstrap!(args(), {} as never, () => undefined);
  const publicKept = () => existsSync(path.join(site, GATSBY_PUBLIC_DIR, 'index.html'));

  beforeEach(() => {
    site = mkdtempSync(path.join(os.tmpdir(), 'code-change-'));
    infos.length = 0;
  });
  afterEach(() => rmSync(site, { recursive: true, force: true }));

  it('the same code: the cache and public/ are kept, and nothing is said', async () => {
    built('render(1);\n');
    await preBootstrap();
    expect(readFileSync(path.join(site, FINGERPRINT_FILE), 'utf8').trim()).toMatch(/^[0-9a-f]{32}$/);
    await preInit();
    expect(publicKept()).toBe(true);
    expect(infos).toEqual([]);
  });

  it('changed code: public/ is removed, so that Gatsby deletes its cache, and the log says why', async () => {
    built('render(1);\n');
    await preBootstrap();
    write('gatsby-node.ts', 'render(2);\n');
    await preInit();
    expect(publicKept()).toBe(false);
    expect(existsSync(path.join(site, GATSBY_PUBLIC_DIR))).toBe(false);
    expect(infos).toHaveLength(1);
    expect(infos[0]).toContain('构建代码');
    // The new code's fingerprint is noted once Gatsby has settled its cache; the next start keeps it.
    await preBootstrap();
    write(path.join(GATSBY_PUBLIC_DIR, 'index.html'), '<!doctype html>');
    await preInit();
    expect(publicKept()).toBe(true);
  });

  it('a changed lockfile counts as changed code: the packages the build code runs with changed', async () => {
    built('render(1);\n');
    write(LOCKFILE, '{ "lockfileVersion": 3, "packages": { "node_modules/micromark": { "version": "3.2.0" } } }\n');
    await preBootstrap();
    await preInit();
    expect(publicKept()).toBe(true);
    write(LOCKFILE, '{ "lockfileVersion": 3, "packages": { "node_modules/micromark": { "version": "3.2.1" } } }\n');
    await preInit();
    expect(publicKept()).toBe(false);
  });

  it('a cache without a fingerprint (made before this check, or restored from elsewhere) is not trusted; a first build has nothing to drop', async () => {
    built('render(1);\n');
    await preInit();
    expect(publicKept()).toBe(false);
    expect(infos[0]).toContain('没有记下');

    rmSync(path.join(site, GATSBY_NODE_STORE_DIR), { recursive: true });
    write(path.join(GATSBY_PUBLIC_DIR, 'index.html'), '<!doctype html>');
    await preInit();
    expect(publicKept()).toBe(true);
  });
});
