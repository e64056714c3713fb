/**
 * The search build's disk cache (gatsby/search/cache.ts) with a fake renderer and index
 * builder. (The same step with the real renderer: __tests__/search/build-cache.test.ts.)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEARCH_INDEX_PATH, SEARCH_STORE_PATH, sameBuild, stampPrefix } from '../../src/lib/search/files';
import { fieldTokens } from '../../src/lib/search/site-search';
import { cachedFieldTokens, type FieldTokensCache } from '../../src/lib/search/build-index';
import { retainedBytes } from './support/heap';
import { collectGarbage } from '../../gatsby/memory';
import type { PageSection } from '../../src/lib/types/page-section';
import { importClosure, rendererFingerprint } from '../../gatsby/code-fingerprint';
import { MANIFEST, persistentFieldTokens, searchCacheDirs, SectionCache, writeCachedSearchFiles, type BuiltFiles, type PlannedPage, type RenderedSections } from '../../gatsby/search/cache';

const temp = () => mkdtempSync(path.join(tmpdir(), 'search-cache-'));

/** A fake render: the body's lines become sections; counts its calls. */
function fakeRenderer() {
  const calls: string[] = [];
  const render = async (file: string, body: string): Promise<RenderedSections> => {
    calls.push(file);
    const sections: PageSection[] = body.split('\n').map((line, i) => ({ id: i ? `s${i}` : null, heading: i ? `H${i}` : '', depth: i ? 2 : 0, text: line, code: '' }));
    return { sections, htmlIds: sections.flatMap((s) => (s.id ? [s.id] : [])), tocIds: sections.flatMap((s) => (s.id ? [s.id] : [])) };
  };
  return { calls, render };
}

describe('SectionCache: one entry per page render', () => {
  it('a hit returns exactly what the render returned, without rendering again', async () => {
    const dir = temp();
    const { calls, render } = fakeRenderer();
    const first = await new SectionCache(dir, 'fp1').get('content/a.mdx', '开头\n安装', () => render('content/a.mdx', '开头\n安装'));
    const cache = new SectionCache(dir, 'fp1');
    const second = await cache.get('content/a.mdx', '开头\n安装', () => render('content/a.mdx', '开头\n安装'));
    expect(second).toEqual(first);
    expect(calls).toHaveLength(1);
    expect([cache.hits, cache.misses]).toEqual([1, 0]);
  });

  it('misses when the body, the file or the renderer fingerprint changes', async () => {
    const dir = temp();
    const { calls, render } = fakeRenderer();
    await new SectionCache(dir, 'fp1').get('content/a.mdx', 'x', () => render('a', 'x'));
    await new SectionCache(dir, 'fp1').get('content/a.mdx', 'x\ny', () => render('a', 'x\ny'));
    await new SectionCache(dir, 'fp1').get('content/b.mdx', 'x', () => render('b', 'x'));
    await new SectionCache(dir, 'fp2').get('content/a.mdx', 'x', () => render('a', 'x'));
    expect(calls).toHaveLength(4);
    const changed = await new SectionCache(dir, 'fp1').get('content/a.mdx', 'x\ny', () => render('a', 'x\ny'));
    expect(changed.sections.map((s) => s.text)).toEqual(['x', 'y']);
    expect(calls).toHaveLength(4); // each of those is now a hit
  });

  it('ignores a corrupt or foreign entry and rewrites it', async () => {
    const dir = temp();
    const { calls, render } = fakeRenderer();
    const cache = new SectionCache(dir, 'fp1');
    const key = cache.key('content/a.mdx', 'x');
    const entry = cache.entryPath('content/a.mdx', 'x');
    const expected = await render('a', 'x');
    for (const bad of ['{"key":"', '', 'null', JSON.stringify({ key: 'other', sections: [], htmlIds: [], tocIds: [] }), JSON.stringify({ key, sections: [{ id: 1 }], htmlIds: [], tocIds: [] })]) {
      writeFileSync(entry, bad);
      const fresh = new SectionCache(dir, 'fp1');
      await expect(fresh.get('content/a.mdx', 'x', () => render('a', 'x'))).resolves.toEqual(expected);
      expect(fresh.misses).toBe(1);
      expect(JSON.parse(readFileSync(entry, 'utf8'))).toEqual({ key, ...expected });
    }
    expect(calls).toHaveLength(1 + 5);
  });

  it('caches nothing when the render throws (content errors surface every time)', async () => {
    const dir = temp();
    const cache = new SectionCache(dir, 'fp1');
    const fail = () => Promise.reject(new Error('content/a.mdx: bad MDX'));
    await expect(cache.get('content/a.mdx', 'x', fail)).rejects.toThrow('bad MDX');
    await expect(new SectionCache(dir, 'fp1').get('content/a.mdx', 'x', fail)).rejects.toThrow('bad MDX');
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toEqual([]);
  });

  it("prunes what is stale: a page's other entries, other pages' entries after a month, abandoned temporary files", async () => {
    const dir = temp();
    const { render } = fakeRenderer();
    const now = Date.now();
    const ago = (file: string, days: number) => utimesSync(file, new Date(now - days * 86_400_000), new Date(now - days * 86_400_000));
    const earlier = new SectionCache(dir, 'fp1');
    for (const [file, body] of [
      ['a', 'old'],
      ['b', 'recent'],
      ['c', 'forgotten'],
    ] as const)
      await earlier.get(file, body, () => render(file, body));
    ago(earlier.entryPath('a', 'old'), 1);
    ago(earlier.entryPath('b', 'recent'), 29);
    ago(earlier.entryPath('c', 'forgotten'), 31);
    writeFileSync(path.join(dir, MANIFEST), '{}');
    writeFileSync(path.join(dir, 'died.json.123.tmp'), 'x');
    ago(path.join(dir, 'died.json.123.tmp'), 1 / 12); // two hours
    writeFileSync(path.join(dir, 'writing.json.456.tmp'), 'x'); // another build writing now
    // This run has page a (edited) and page d; b and c belong to no page it has (deleted, or another site's).
    const cache = new SectionCache(dir, 'fp1');
    await cache.get('a', 'new', () => render('a', 'new'));
    await cache.get('d', 'same', () => render('d', 'same'));
    expect(cache.prune(30, now)).toBe(3);
    const names = (...entries: Array<[string, string]>) => entries.map(([file, body]) => path.basename(cache.entryPath(file, body)));
    expect(readdirSync(dir).sort()).toEqual([...names(['a', 'new'], ['b', 'recent'], ['d', 'same']), MANIFEST, 'writing.json.456.tmp'].sort());
  });

  it('a failed write costs a render next time, not the build', async () => {
    const dir = temp();
    const { calls, render } = fakeRenderer();
    writeFileSync(path.join(dir, 'not-a-folder'), '');
    const cache = new SectionCache(path.join(dir, 'not-a-folder'), 'fp1');
    await expect(cache.get('a', 'x', () => render('a', 'x'))).resolves.toMatchObject({ tocIds: [] });
    await expect(new SectionCache(path.join(dir, 'not-a-folder'), 'fp1').get('a', 'x', () => render('a', 'x'))).resolves.toMatchObject({ tocIds: [] });
    expect(calls).toEqual(['a', 'a']);
  });
});

describe('searchCacheDirs', () => {
  it("keeps each page's render where gatsby clean does not reach, the manifest where it does", () => {
    const root = '/site';
    const inside = (dir: string, parent: string) => !path.relative(parent, dir).startsWith('..');
    const dirs = searchCacheDirs(root, {});
    expect(inside(dirs.cacheDir, path.join(root, '.cache'))).toBe(true);
    expect(inside(dirs.sectionsDir, path.join(root, '.cache'))).toBe(false);
    expect(inside(dirs.sectionsDir, path.join(root, 'node_modules', '.cache', 'iofomo-site'))).toBe(true);
    expect(searchCacheDirs(root, { SITE_BUILD_CACHE: '/ci/cache' })).toMatchObject({ sectionsDir: '/ci/cache/search-sections' });
  });
});

describe('the renderer fingerprint', () => {
  function project() {
    const root = temp();
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write('scripts/build.ts', "import { a } from '../src/a';\nimport type { T } from './types';\nexport { b } from \"../src/lib\";\nimport 'unified';\n");
    write('scripts/types.ts', 'export type T = 1;');
    write('src/a.ts', "import data from './data.json';\nconst later = () => import('./later');\n");
    write('src/data.json', '{}');
    write('src/later.tsx', 'export {};');
    write('src/lib/index.ts', "export const b = 1; // './unrelated' named in prose is no import\n");
    write('src/unrelated.ts', 'export {};');
    write('package-lock.json', '{"v":1}');
    return { root, write };
  }

  it('follows relative imports (static, type-only, re-exports, dynamic, folders with index, JSON)', () => {
    const { root } = project();
    expect(importClosure(root, ['scripts/build.ts'])).toEqual(['scripts/build.ts', 'scripts/types.ts', 'src/a.ts', 'src/data.json', 'src/later.tsx', 'src/lib/index.ts']);
  });

  it('changes with any file in the closure or the lockfile, and only with those', () => {
    const { root, write } = project();
    const fingerprint = () => rendererFingerprint(root, ['scripts/build.ts']);
    const before = fingerprint();
    expect(fingerprint()).toBe(before);
    write('src/other.ts', 'export const x = 2;');
    expect(fingerprint()).toBe(before);
    write('src/later.tsx', 'export const y = 1;');
    const afterCode = fingerprint();
    expect(afterCode).not.toBe(before);
    write('package-lock.json', '{"v":2}');
    expect(fingerprint()).not.toBe(afterCode);
  });
});

describe('writeCachedSearchFiles', () => {
  type Meta = { title: string };
  const page = (file: string, body: string, title = file): PlannedPage<Meta> => ({ file, body, meta: { title } });

  function setup() {
    const cacheDir = temp();
    const publicDir = temp();
    const files = { index: path.join(publicDir, SEARCH_INDEX_PATH), store: path.join(publicDir, SEARCH_STORE_PATH) };
    const { calls, render } = fakeRenderer();
    const builds: Array<Array<Meta & { sections: PageSection[] }>> = [];
    const build = (pages: Array<Meta & { sections: PageSection[] }>): BuiltFiles => {
      builds.push(pages);
      const text = JSON.stringify(pages);
      const id = `b${text.length}-${builds.length}`;
      return { build: id, indexJson: `${stampPrefix(id)}"index":${text}}`, storeJson: `${stampPrefix(id)}"store":${text}}`, pages: pages.length, records: pages.length };
    };
    const run = (pages: Array<PlannedPage<Meta>>, { fingerprint = 'fp1', other = { synonyms: [] as string[][] } } = {}) =>
      writeCachedSearchFiles({ pages, fingerprint, other, cacheDir, files, render: (p) => render(p.file, p.body), build });
    return { cacheDir, files, calls, builds, run };
  }

  const site = [page('a.mdx', 'A\nA2'), page('b.mdx', 'B'), page('c.mdx', 'C')];

  it('renders one page at a time and lets the event loop run between pages (develop answers requests meanwhile)', async () => {
    const { cacheDir, files } = setup();
    const events: string[] = [];
    const render = async (p: PlannedPage<Meta>): Promise<RenderedSections> => {
      events.push(`render ${p.file}`);
      // A request arriving during this page's render (a macrotask, as an HTTP request or a file event is).
      setImmediate(() => events.push(`request during ${p.file}`));
      return { sections: [{ id: null, heading: '', depth: 0, text: p.body, code: '' }], htmlIds: [], tocIds: [] };
    };
    const build = (pages: Array<Meta & { sections: PageSection[] }>): BuiltFiles => ({ build: 'b1', indexJson: `${stampPrefix('b1')}}`, storeJson: `${stampPrefix('b1')}}`, pages: pages.length, records: pages.length });
    await writeCachedSearchFiles({ pages: site, fingerprint: 'fp1', other: {}, cacheDir, files, render, build });
    expect(events).toEqual(['render a.mdx', 'request during a.mdx', 'render b.mdx', 'request during b.mdx', 'render c.mdx', 'request during c.mdx']);
  });

  it('builds once, then skips while nothing changed and both files are there', async () => {
    const { files, calls, builds, run, cacheDir } = setup();
    const first = await run(site);
    expect(first).toMatchObject({ skipped: false, rendered: 3, cached: 0, pages: 3 });
    const index = readFileSync(files.index, 'utf8');
    expect(index.startsWith(stampPrefix(first.build))).toBe(true);
    expect(sameBuild(JSON.parse(index), JSON.parse(readFileSync(files.store, 'utf8')))).toBe(true);
    const again = await run(site);
    expect(again).toEqual({ ...first, skipped: true, rendered: 0, cached: 0, pruned: 0, renderMs: 0, buildMs: 0, piecesWritten: 0 });
    expect([calls.length, builds.length]).toEqual([3, 1]);
    expect(readFileSync(files.index, 'utf8')).toBe(index);
    expect(JSON.parse(readFileSync(path.join(cacheDir, MANIFEST), 'utf8'))).toMatchObject({ build: first.build, pages: 3 });
  });

  it('re-renders only the edited page, and gives the builder the same sections as a fresh render', async () => {
    const { calls, builds, run } = setup();
    await run(site);
    const edited = [site[0] as PlannedPage<Meta>, page('b.mdx', 'B\n新的一节'), site[2] as PlannedPage<Meta>];
    await expect(run(edited)).resolves.toMatchObject({ skipped: false, rendered: 1, cached: 2, pruned: 1 });
    expect(calls).toEqual(['a.mdx', 'b.mdx', 'c.mdx', 'b.mdx']);
    const fresh = setup();
    await fresh.run(edited);
    expect(builds[1]).toEqual(fresh.builds[0]);
  });

  it('calls afterPages once, after the last page is rendered and before the index is built (the build worker collects the render’s garbage there)', async () => {
    const { cacheDir, files } = setup();
    const events: string[] = [];
    const render = (p: PlannedPage<Meta>): RenderedSections => {
      events.push(`render ${p.file}`);
      return { sections: [{ id: null, heading: '', depth: 0, text: p.body, code: '' }], htmlIds: [], tocIds: [] };
    };
    const build = (pages: Array<Meta & { sections: PageSection[] }>): BuiltFiles => {
      events.push('build');
      return { build: 'b3', indexJson: `${stampPrefix('b3')}}`, storeJson: `${stampPrefix('b3')}}`, pages: pages.length, records: pages.length };
    };
    await writeCachedSearchFiles({ pages: site, fingerprint: 'fp1', other: {}, cacheDir, files, render, build, afterPages: () => events.push('after pages') });
    expect(events).toEqual(['render a.mdx', 'render b.mdx', 'render c.mdx', 'after pages', 'build']);
  });

  it('rebuilds without rendering when only metadata or other inputs change', async () => {
    const { calls, builds, run } = setup();
    await run(site);
    await expect(run([page('a.mdx', 'A\nA2', '新标题'), ...site.slice(1)])).resolves.toMatchObject({ skipped: false, rendered: 0, cached: 3 });
    await expect(run(site, { other: { synonyms: [['多开', '双开']] } })).resolves.toMatchObject({ skipped: false, rendered: 0, cached: 3 });
    expect(calls).toHaveLength(3);
    expect(builds).toHaveLength(3);
  });

  it('re-renders everything when the renderer fingerprint changes', async () => {
    const { calls, run } = setup();
    await run(site);
    await expect(run(site, { fingerprint: 'fp2' })).resolves.toMatchObject({ skipped: false, rendered: 3, cached: 0, pruned: 3 });
    expect(calls).toHaveLength(6);
  });

  it("writes the pieces under the build's folder before the manifests, removes older builds' folders, and rebuilds when the folder is gone", async () => {
    const { cacheDir, files } = setup();
    let n = 0;
    const build = (pages: Array<Meta & { sections: PageSection[] }>): BuiltFiles => {
      n += 1;
      const id = `${n}`.repeat(20);
      return { build: id, indexJson: `${stampPrefix(id)}}`, storeJson: `${stampPrefix(id)}}`, pieces: new Map([['p0.txt', `t\tA${n}`]]), pages: pages.length, records: pages.length };
    };
    const run = (fingerprint: string) =>
      writeCachedSearchFiles({ pages: site, fingerprint, other: {}, cacheDir, files, render: (p) => ({ sections: [{ id: null, heading: '', depth: 0, text: p.body, code: '' }], htmlIds: [], tocIds: [] }), build });
    await run('fp1');
    const dir = path.dirname(files.index);
    expect(readFileSync(path.join(dir, '1'.repeat(20), 'p0.txt'), 'utf8')).toBe('t\tA1');
    await run('fp2');
    expect(readFileSync(path.join(dir, '2'.repeat(20), 'p0.txt'), 'utf8')).toBe('t\tA2');
    expect(existsSync(path.join(dir, '1'.repeat(20)))).toBe(false);
    await expect(run('fp2')).resolves.toMatchObject({ skipped: true });
    rmSync(path.join(dir, '2'.repeat(20)), { recursive: true });
    await expect(run('fp2')).resolves.toMatchObject({ skipped: false });
  });

  it('writes only the pieces that changed: the last folder is renamed, stale pieces go, a piece cut short is written again', async () => {
    const { cacheDir, files } = setup();
    const dir = path.dirname(files.index);
    let pieces = new Map([
      ['p0.txt', 'a0'],
      ['p1.txt', 'a1'],
      ['d0.json', '[1]'],
    ]);
    let n = 0;
    const run = (fingerprint: string) =>
      writeCachedSearchFiles({
        pages: site,
        fingerprint,
        other: {},
        cacheDir,
        files,
        render: (p) => ({ sections: [{ id: null, heading: '', depth: 0, text: p.body, code: '' }], htmlIds: [], tocIds: [] }),
        build: (pages) => {
          const id = `${(n += 1)}`.repeat(20);
          return { build: id, indexJson: `${stampPrefix(id)}}`, storeJson: `${stampPrefix(id)}}`, pieces, pages: pages.length, records: pages.length };
        },
      });
    const contents = (build: string) => Object.fromEntries(readdirSync(path.join(dir, build)).map((name) => [name, readFileSync(path.join(dir, build, name), 'utf8')]));
    await expect(run('fp1')).resolves.toMatchObject({ piecesWritten: 3 });
    // One piece changed, one gone, one new.
    pieces = new Map([
      ['p0.txt', 'a0'],
      ['p1.txt', 'b1'],
      ['p2.txt', 'b2'],
    ]);
    await expect(run('fp2')).resolves.toMatchObject({ piecesWritten: 2 });
    expect(readdirSync(dir).filter((name) => /^\d+$/.test(name))).toEqual(['2'.repeat(20)]);
    expect(contents('2'.repeat(20))).toEqual(Object.fromEntries(pieces));
    // A file cut short (a build stopped while writing it) is not taken for the piece its hash names.
    writeFileSync(path.join(dir, '2'.repeat(20), 'p0.txt'), 'a');
    await expect(run('fp3')).resolves.toMatchObject({ piecesWritten: 1 });
    expect(contents('3'.repeat(20))).toEqual(Object.fromEntries(pieces));
    // Without the last folder, everything is written.
    rmSync(path.join(dir, '3'.repeat(20)), { recursive: true });
    await expect(run('fp4')).resolves.toMatchObject({ piecesWritten: 3 });
    expect(contents('4'.repeat(20))).toEqual(Object.fromEntries(pieces));
  });

  it('rebuilds when a file is missing or is not the one it wrote', async () => {
    const { files, builds, run } = setup();
    await run(site);
    rmSync(files.store);
    await expect(run(site)).resolves.toMatchObject({ skipped: false, rendered: 0, cached: 3 });
    writeFileSync(files.index, `${stampPrefix('someone-else')}"index":[]}`);
    await expect(run(site)).resolves.toMatchObject({ skipped: false });
    await expect(run(site)).resolves.toMatchObject({ skipped: true });
    expect(builds).toHaveLength(3);
  });

  it('writes nothing when a page fails to render', async () => {
    const { files, run, cacheDir } = setup();
    const failing = writeCachedSearchFiles({
      pages: site,
      fingerprint: 'fp1',
      other: {},
      cacheDir,
      files,
      render: () => Promise.reject(new Error('bad MDX')),
      build: () => ({ build: 'x', indexJson: '', storeJson: '', pages: 0, records: 0 }),
    });
    await expect(failing).rejects.toThrow('bad MDX');
    expect([existsSync(files.index), existsSync(files.store), existsSync(path.join(cacheDir, MANIFEST))]).toEqual([false, false, false]);
    await expect(run(site)).resolves.toMatchObject({ skipped: false, rendered: 3 });
  });
});

describe('persistentFieldTokens: the last build tokens, kept for the next', () => {
  it('tokenizes only what changed since the saved build, and starts over when the code changed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tokens-'));
    const file = path.join(dir, 'tokens.json');
    const first = persistentFieldTokens(file, 'code-1');
    expect(first.tokens('body', 'Binder 驱动的事务')).toEqual(fieldTokens('body', 'Binder 驱动的事务'));
    first.tokens('title', '空壳多开');
    expect(first.stats()).toEqual({ reused: 0, made: 2 });
    first.endBuild();

    const second = persistentFieldTokens(file, 'code-1');
    expect(second.tokens('body', 'Binder 驱动的事务')).toEqual(fieldTokens('body', 'Binder 驱动的事务'));
    second.tokens('title', '空壳分身');
    expect(second.stats()).toEqual({ reused: 1, made: 1 });
    second.endBuild();
    // Only the last build's fields are kept: '空壳多开' went.
    expect(Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { tokens: object }).tokens)).toHaveLength(2);

    const changedCode = persistentFieldTokens(file, 'code-2');
    changedCode.tokens('body', 'Binder 驱动的事务');
    expect(changedCode.stats()).toEqual({ reused: 0, made: 1 });
    rmSync(dir, { recursive: true, force: true });
  });

  it('saves the build’s tokens when its build ends, and lets go of them: the next build reuses every one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tokens-'));
    const file = path.join(dir, 'tokens.json');
    const text = (i: number) => `第${i}节：应用多开的空壳与签名校验 Binder 拦截 ${i * 7919}`;
    const cache = persistentFieldTokens(file, 'code');
    // Whether the cache still holds a field's tokens, seen through weak references (not heap sizes, which other tests move).
    const refs: Array<WeakRef<string[]>> = [];
    for (let i = 0; i < 6000; i += 1) {
      const tokens = cache.tokens('body', text(i));
      if (i % 1000 === 0) refs.push(new WeakRef(tokens));
    }
    // A weak reference keeps its target until the current job ends.
    const held = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      collectGarbage();
      return refs.filter((r) => r.deref() !== undefined).length;
    };
    expect(await held()).toBe(6);
    cache.endBuild();
    expect(await held()).toBe(0);
    const next = persistentFieldTokens(file, 'code');
    expect(next.tokens('body', text(5999))).toEqual(fieldTokens('body', text(5999)));
    for (let i = 0; i < 5999; i += 1) next.tokens('body', text(i));
    expect(next.stats()).toEqual({ reused: 6000, made: 0 });
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds one string per distinct token, however many fields have it (this cache and gatsby develop’s)', () => {
    // 16,000 fields with the same 33 tokens: 528,000 strings of about 24 bytes if each field had its own.
    const text = (i: number) => `第${i}段：应用多开空壳签名校验进程隔离沙箱框架模块插件调试日志容器。虚拟环境注入钩子拦截系统服务代理网络请求抓包分析工具链编译产物`;
    const fields = (cache: FieldTokensCache) => Array.from({ length: 16_000 }, (_, i) => cache.tokens('body', text(i)));
    const { value: held, bytes: grown } = retainedBytes(() => fields(persistentFieldTokens(path.join(tmpdir(), 'no-such-dir', 'tokens.json'), 'code')));
    expect(held[5]).toEqual(fieldTokens('body', text(5)));
    expect(held.reduce((n, t) => n + t.length, 0)).toBeGreaterThan(500_000);
    expect(grown).toBeLessThan(11 * 2 ** 20);
    // gatsby develop's cache, the same way (its keys also hold each field's text).
    const develop = retainedBytes(() => fields(cachedFieldTokens()));
    expect(develop.value[5]).toEqual(held[5]);
    expect(develop.bytes).toBeLessThan(11 * 2 ** 20);
  });
});
