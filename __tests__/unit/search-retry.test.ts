/**
 * The engine over pieces that arrive asynchronously (shards.ts ShardSource), as in the browser:
 *   - a query asked again because top() waited for stored text is not ranked again, while the same
 *     query asked afresh is;
 *   - a typo is looked up in the vocabulary file of its first two letters, and only then are the
 *     shards of the words within one edit fetched (a word and its typo may sit in different shards).
 */
import { buildSearchRecords, type SearchPageInput } from '../../src/lib/search/documents';
import { openSiteSearch } from '../../src/lib/search/site-search';
import { buildIndexFile, shardFiles } from '../../src/lib/search/build-index';
import { NotLoaded, settle, ShardSource, shardOf } from '../../src/lib/search/shards';

function source(titles: string[]) {
  const input: SearchPageInput[] = titles.map((title, i) => ({ kind: 'post', url: `/blog/p${i}`, title, crumb: '博客', sections: [{ id: null, heading: '', depth: 0, text: '正文', code: '' }] }));
  const { records, store } = buildSearchRecords(input, () => []);
  const files = shardFiles(buildIndexFile(records, { t2s: {}, synonyms: [] }), store);
  const fetched: string[] = [];
  const src = new ShardSource({ build: 'b', ...files.index }, { build: 'b', ...files.store }, async (name) => {
    fetched.push(name);
    const text = files.files.get(name);
    if (text === undefined) throw new Error(`${name} 不存在`);
    return text;
  });
  return { src, fetched, shards: files.index.shards };
}

async function untilLoaded<T>(compute: () => T): Promise<void> {
  try {
    compute();
  } catch (error) {
    if (!(error instanceof NotLoaded)) throw error;
    await error.load;
  }
}

describe('a query waiting for its pieces', () => {
  it('keeps its ranked list while top() waits for stored text, and ranks afresh when asked again', async () => {
    const { src } = source(['Binder 拦截', 'Binder 调试', 'Binder 驱动']);
    const engine = openSiteSearch(src);
    await untilLoaded(() => engine.searchAll('binder'));
    const first = engine.searchAll('binder');
    expect(first.pages).toHaveLength(3);
    // The stored text of the results is not there yet (their headings, then their texts): each
    // time it arrives the query is asked again, and gets the same list.
    let list = first;
    let waits = 0;
    for (;;) {
      try {
        expect(engine.top(list.pages, 10).map((r) => r.hit().title)).toHaveLength(3);
        break;
      } catch (error) {
        if (!(error instanceof NotLoaded)) throw error;
        waits += 1;
        await error.load;
        list = engine.searchAll('binder');
        expect(list).toBe(first);
      }
    }
    expect(waits).toBe(2);
    const again = engine.searchAll('binder');
    expect(again).not.toBe(first);
    expect(again.pages.map((r) => r.page)).toEqual(first.pages.map((r) => r.page));
    // Another query in between: never the other's list.
    await untilLoaded(() => engine.top(engine.searchAll('拦截').pages, 10));
    expect(engine.searchAll('binder')).not.toBe(first);
  });
});

describe('typos', () => {
  it('finds a word from the vocabulary file of its first two letters, then fetches that word’s shard', async () => {
    // oneway and onway differ in the third letter: their shards are keyed by different three
    // letters. Enough other words that the index has many shards.
    const filler = Array.from({ length: 400 }, (_, i) => `filler${i.toString(36)}word 第 ${i} 篇`);
    const { src, fetched, shards } = source(['oneway 单向同步', ...filler]);
    expect(shards).toBeGreaterThan(1);
    expect(shardOf('onway', shards)).not.toBe(shardOf('oneway', shards));
    const engine = openSiteSearch(src);
    const hits = await settle(() => engine.search('onway'));
    expect(hits.map((h) => h.url)).toEqual(['/blog/p0']);
    expect(fetched.filter((n) => /^v\d+\.txt$/.test(n))).toHaveLength(1);
    expect(fetched).toContain(`p${shardOf('oneway', shards)}.txt`);
  });

  it('does not fetch a vocabulary file for a word found whole', async () => {
    const { src, fetched } = source(['oneway 单向同步']);
    const engine = openSiteSearch(src);
    expect((await settle(() => engine.search('oneway'))).map((h) => h.url)).toEqual(['/blog/p0']);
    expect(fetched.filter((n) => /^v\d+\.txt$/.test(n))).toHaveLength(0);
  });
});
