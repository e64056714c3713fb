/**
 * The store of Gatsby's query extraction across starts (gatsby/framework/query-extraction-cache.cjs).
 * That Gatsby's FileParser uses it is gatsby-internals.test.ts's canary.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORMAT, openQueryExtractionCache, rememberable, storeFile } from '../../gatsby/framework/query-extraction-cache.cjs';

const nothing = { astDefinitions: [], serverData: false, config: true, Head: false, pageSlices: null };
let site: string;
const env = () => ({ SITE_BUILD_CACHE: path.join(site, 'cache') });

beforeEach(() => {
  site = mkdtempSync(path.join(os.tmpdir(), 'query-extraction-cache-'));
});
afterEach(() => rmSync(site, { recursive: true, force: true }));

describe('rememberable', () => {
  it('keeps the three flags of a file without GraphQL documents', () => {
    expect(rememberable(nothing, false)).toEqual({ serverData: false, config: true, Head: false });
    expect(rememberable({ ...nothing, pageSlices: {} }, false)).toEqual({ serverData: false, config: true, Head: false });
  });

  it('keeps nothing of a file with GraphQL, with slices, whose parse failed, or of an unknown shape', () => {
    expect(rememberable({ ...nothing, astDefinitions: [{ text: 'query { site { id } }' }] }, false)).toBeNull();
    expect(rememberable({ ...nothing, pageSlices: { footer: { name: 'footer', allowEmpty: false } } }, false)).toBeNull();
    expect(rememberable(nothing, true)).toBeNull();
    expect(rememberable({ ...nothing, Head: undefined }, false)).toBeNull();
    expect(rememberable(null, false)).toBeNull();
  });
});

describe('openQueryExtractionCache', () => {
  it('stores in the build cache (SITE_BUILD_CACHE, else node_modules/.cache/iofomo-site)', () => {
    expect(storeFile('/site', {})).toBe('/site/node_modules/.cache/iofomo-site/query-extraction.json');
    expect(storeFile('/site', { SITE_BUILD_CACHE: 'ci' })).toBe('/site/ci/query-extraction.json');
  });

  it('recalls in the next process what this one remembered, as a parse result without documents', () => {
    const first = openQueryExtractionCache(site, env());
    expect(first.recall('a')).toBeUndefined();
    first.remember('a', nothing);
    first.remember('b', { ...nothing, astDefinitions: [{}] });
    expect(first.save()).toBe(true);
    const next = openQueryExtractionCache(site, env());
    expect(next.recall('a')).toEqual(nothing);
    expect(next.recall('b')).toBeUndefined();
  });

  it('writes only when it learned something, and then drops the keys nobody met', () => {
    const first = openQueryExtractionCache(site, env());
    first.remember('old', nothing);
    first.remember('kept', nothing);
    first.save();
    const file = storeFile(site, env());
    const unchanged = openQueryExtractionCache(site, env());
    unchanged.recall('kept');
    expect(unchanged.save()).toBe(false);
    const changed = openQueryExtractionCache(site, env());
    changed.recall('kept');
    changed.remember('new', { ...nothing, Head: true });
    expect(changed.save()).toBe(true);
    expect(Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { files: object }).files).sort()).toEqual(['kept', 'new']);
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });

  it('reads nothing from a store of another format or Gatsby version, or an unreadable one', () => {
    const file = storeFile(site, env());
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ tag: `${FORMAT + 1}:unknown`, files: { a: { serverData: false, config: false, Head: false } } }));
    expect(openQueryExtractionCache(site, env()).recall('a')).toBeUndefined();
    writeFileSync(file, '{"tag":');
    expect(openQueryExtractionCache(site, env()).recall('a')).toBeUndefined();
  });

  it('a damaged entry is not used: the file is parsed again and the entry rewritten (no clean:all needed)', () => {
    const file = storeFile(site, env());
    const seed = openQueryExtractionCache(site, env());
    seed.remember('a', nothing);
    seed.remember('b', nothing);
    expect(seed.save()).toBe(true);
    const store = JSON.parse(readFileSync(file, 'utf8')) as { tag: string; files: Record<string, unknown> };
    writeFileSync(file, JSON.stringify({ ...store, files: { ...store.files, a: { serverData: false, Head: 'yes' } } }));
    const next = openQueryExtractionCache(site, env());
    expect(next.recall('a')).toBeUndefined();
    expect(next.recall('b')).toEqual(nothing);
    next.remember('a', nothing);
    expect(next.save()).toBe(true);
    expect(openQueryExtractionCache(site, env()).recall('a')).toEqual(nothing);
  });

  it('a store that cannot be written costs nothing but the next parse', () => {
    writeFileSync(path.join(site, 'cache'), 'a file where the folder should be');
    const cache = openQueryExtractionCache(site, env());
    cache.remember('a', nothing);
    expect(cache.save()).toBe(false);
  });
});
