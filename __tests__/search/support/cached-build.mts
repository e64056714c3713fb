/**
 * Test helper (a script of its own, __tests__/support/script.ts: the renderer is ESM-only, jest runs CommonJS). Runs the Gatsby
 * build's search step (writeSiteSearchFiles: per-page cache, skip when unchanged) on the fixture
 * site's content (__tests__/site/content) in a work folder, four times — cold, unchanged, into an empty public folder with a warm
 * cache, and after its .cache folder is gone (gatsby clean) — and on two bad content folders, and prints what each run reported, with a digest of the files, as JSON.
 *   tsx __tests__/search/support/cached-build.mts <work-dir>
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeSiteSearchFiles } from '../../../gatsby/search/build';
import { SEARCH_INDEX_PATH, SEARCH_STORE_PATH } from '../../../src/lib/search/files';

const root = process.cwd();
const work = path.resolve(process.argv[2] as string);
// As in the Gatsby build: the manifest in .cache (`gatsby clean` removes it), each page's render in the build cache (kept).
const cacheDir = path.join(work, 'cache');
const sectionsDir = path.join(work, 'build-cache', 'search-sections');
const run = (publicDir: string, contentDir = path.join(root, '__tests__/site/content')) => writeSiteSearchFiles({ root, contentDir, publicDir: path.join(work, publicDir), cacheDir, sectionsDir });
/** Each file's sha256 and its first 40 characters (the files themselves are too big for a pipe). */
const files = (publicDir: string) => {
  const summary = (file: string) => {
    const text = readFileSync(path.join(work, publicDir, file), 'utf8');
    return { sha256: createHash('sha256').update(text).digest('hex'), head: text.slice(0, 40) };
  };
  return { index: summary(SEARCH_INDEX_PATH), store: summary(SEARCH_STORE_PATH) };
};
const failure = async (fixture: string) => {
  try {
    await run(`bad-${fixture}`, path.join(root, '__tests__/fixtures', fixture, 'content'));
    return null;
  } catch (error) {
    // By name: tsx may load content-model twice (from this ES module and from the CommonJS build code).
    return { name: error instanceof Error ? error.name : null, message: error instanceof Error ? error.message : String(error), wrote: existsSync(path.join(work, `bad-${fixture}`)) };
  }
};

const cold = await run('a');
const unchanged = await run('a');
const warm = await run('b');
rmSync(cacheDir, { recursive: true }); // gatsby clean
const clean = await run('c');
process.stdout.write(JSON.stringify({ cold, unchanged, warm, clean, a: files('a'), b: files('b'), c: files('c'), badDate: await failure('bad-date'), badMdx: await failure('bad-mdx') }));
