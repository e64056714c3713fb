/**
 * Gatsby's cache is dropped when the build code changed since it was made
 * (gatsby/framework/code-change): the fingerprint of the compiled gatsby files, the rule, and the
 * two hooks on a site folder. That Gatsby deletes a cache whose public/ is gone, right after
 * onPreInit, is its canary in gatsby-internals.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCodeFingerprint, cacheIsStale } from '../../gatsby/framework/code-change/fingerprint';
import { compileGatsbyFiles } from '../../gatsby/framework/compile-gatsby-files.cjs';
import { FINGERPRINT_FILE, LOCKFILE, onPreBootstrap, onPreInit } from '../../gatsby/framework/code-change/gatsby-node';
import { COMPILED_GATSBY_FILES, GATSBY_NODE_STORE_DIR, GATSBY_PUBLIC_DIR } from '../../gatsby/framework/internals';

const ROOT = path.resolve(__dirname, '../..');
const [NODE_FILE, CONFIG_FILE] = COMPILED_GATSBY_FILES as [string, string];

describe('the build code’s fingerprint', () => {
  const compiled = (node: string | null, config: string | null = 'module.exports = {};\n') =>
    buildCodeFingerprint([
      [NODE_FILE, node],
      [CONFIG_FILE, config],
    ]);

  it('is the same for the same code, also when only a development compile’s source-map line differs', () => {
    const code = 'exports.onPreInit = () => {};\n';
    expect(compiled(code)).toBe(compiled(code));
    // esbuild appends it as the last line of a development compile (compile-gatsby-files.cjs).
    expect(compiled(`${code}//# sourceMappingURL=gatsby-node.js.map\n`)).toBe(compiled(code));
  });

  it('is the same for this site compiled for gatsby build and for gatsby develop, which share one cache', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'code-change-compile-'));
    const env = process.env.NODE_ENV;
    const prints: Array<string | null> = [];
    try {
      for (const mode of ['production', 'development']) {
        process.env.NODE_ENV = mode;
        const dist = path.join(out, mode);
        await compileGatsbyFiles(ROOT, dist);
        prints.push(buildCodeFingerprint(COMPILED_GATSBY_FILES.map((file) => [file, readFileSync(path.join(dist, path.basename(file)), 'utf8')])));
      }
    } finally {
      process.env.NODE_ENV = env;
      rmSync(out, { recursive: true, force: true });
    }
    expect(prints[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(prints[1]).toBe(prints[0]);
  }, 60_000);

  it('changes with any change to the code, in either file, and is unknown when a file is missing', () => {
    expect(compiled('a();\n')).not.toBe(compiled('b();\n'));
    expect(compiled('a();\n', 'x')).not.toBe(compiled('a();\n', 'y'));
    // The same text moved from one file to the other is other code.
    expect(compiled('ab', '')).not.toBe(compiled('a', 'b'));
    expect(compiled(null)).toBeNull();
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
  /** A finished build's folder: compiled files, Gatsby's node store, public/. */
  const built = (code: string) => {
    write(NODE_FILE, code);
    write(CONFIG_FILE, 'module.exports = {};\n');
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
    write(NODE_FILE, 'render(2);\n');
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
