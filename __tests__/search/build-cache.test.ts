/**
 * The Gatsby build's search step on the fixture site's content (gatsby/search/build.ts
 * writeSiteSearchFiles, through __tests__/search/support/cached-build.mts): pages rendered once
 * are reused (after `gatsby clean` too), files built from the cache are byte-identical to files
 * built from fresh renders, an unchanged site is not rebuilt, and content errors still stop it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnScript } from '../support/script';

interface Report {
  build: string;
  pages: number;
  records: number;
  skipped: boolean;
  rendered: number;
  cached: number;
}
interface FileSummary {
  sha256: string;
  head: string;
}
interface Failure {
  name: string | null;
  message: string;
  wrote: boolean;
}
interface Result {
  cold: Report;
  unchanged: Report;
  warm: Report;
  clean: Report;
  a: { index: FileSummary; store: FileSummary };
  b: { index: FileSummary; store: FileSummary };
  c: { index: FileSummary; store: FileSummary };
  badDate: Failure | null;
  badMdx: Failure | null;
}

let result: Result;
beforeAll(() => {
  const root = path.resolve(__dirname, '../..');
  const work = mkdtempSync(path.join(tmpdir(), 'search-build-cache-'));
  const run = spawnScript([path.join(__dirname, 'support/cached-build.mts'), work], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${run.stderr}${run.stdout}`);
  result = JSON.parse(run.stdout) as Result;
}, 120_000);

describe('the build’s search step with its cache', () => {
  it('renders every page once, then skips an unchanged site', () => {
    expect(result.cold.pages).toBeGreaterThan(50);
    expect(result.cold).toMatchObject({ skipped: false, rendered: result.cold.pages, cached: 0 });
    expect(result.unchanged).toEqual({ ...result.cold, skipped: true, rendered: 0, cached: 0, renderMs: 0, buildMs: 0, piecesWritten: 0 });
  });

  it('builds the same bytes from cached renders as from fresh ones', () => {
    expect(result.warm).toMatchObject({ skipped: false, rendered: 0, cached: result.cold.pages, build: result.cold.build });
    expect(result.b.index).toEqual(result.a.index);
    expect(result.b.store).toEqual(result.a.store);
  });

  it('renders nothing unchanged after gatsby clean: the pages are in the build cache, only the manifest was in .cache', () => {
    expect(result.clean).toMatchObject({ skipped: false, rendered: 0, cached: result.cold.pages, build: result.cold.build });
    expect(result.c).toEqual(result.a);
  });

  it('stamps both files with the same build id, first', () => {
    const prefix = `{"build":"${result.cold.build}",`;
    expect(result.a.index.head.startsWith(prefix)).toBe(true);
    expect(result.a.store.head.startsWith(prefix)).toBe(true);
  });

  it('still stops at content errors, writing nothing', () => {
    expect(result.badDate).toMatchObject({ name: 'ContentError', wrote: false });
    expect(result.badDate?.message).toContain('__tests__/fixtures/bad-date/content/blog/');
    expect(result.badMdx).toMatchObject({ wrote: false });
    // The renderer's error names the file and its own line, as the page build's does (it panics with it).
    expect(result.badMdx?.message).toMatch(/^__tests__\/fixtures\/bad-mdx\/content\/docs\/intro\.mdx:6:\d+ MDX 语法错误：/);
  });
});
