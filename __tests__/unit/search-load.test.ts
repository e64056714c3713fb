/**
 * The search files as the browser loads them (src/components/search/remote-engine.ts), with a mocked
 * fetch: the two manifests must carry the same build id (when they do not, both are fetched once
 * more past the HTTP cache); the pieces a query needs follow, only from that build's folder, and
 * when the folder is gone (a deploy since) the manifests are fetched again and the engine moves on.
 */
import { createSiteSearch, piecesUrl, SearchFilesMismatch } from '../../src/components/search/remote-engine';
import { buildSearchRecords, type SearchPageInput } from '../../src/lib/search/documents';
import { buildIndexFile, shardFiles } from '../../src/lib/search/build-index';
import { sameBuild } from '../../src/lib/search/files';
import { settle } from '../../src/lib/search/shards';
import { WARM_FROM_PAGES, WARM_STEPS, warmStep } from '../../src/lib/search/warm';

describe('the browser loads the manifests of one build, then the pieces a query needs', () => {
  const site = (title: string) => {
    const input: SearchPageInput[] = [{ kind: 'post', url: '/blog/binder', title, crumb: '博客', sections: [{ id: null, heading: '', depth: 0, text: '正文', code: '' }] }];
    const { records, store } = buildSearchRecords(input, () => []);
    return shardFiles(buildIndexFile(records, { t2s: {}, synonyms: [] }), store);
  };
  const one = site('深入 Binder 拦截');
  const other = site('Binder 的新写法');
  const stamped = (build: string, files = one) => ({ index: { build, ...files.index }, store: { build, ...files.store } });

  /** Serves the given answers in order, per URL (the last one again once used up); records each request's cache mode. */
  function mockFetch(answers: Record<string, Array<unknown>>) {
    const requests: Array<{ url: string; cache: RequestCache | undefined; method: string | undefined }> = [];
    const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, cache: init?.cache, method: init?.method });
      const list = answers[url];
      const body = list && list.length > 1 ? list.shift() : list?.[0];
      if (body === undefined) return new Response('nope', { status: url.includes('/search/b') ? 404 : 500 });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 });
    });
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    return { requests, restore: () => (globalThis.fetch = original) };
  }
  const pieces = (build: string, files = one) => Object.fromEntries([...files.files].map(([name, text]) => [piecesUrl(I, build, name), [text]]));

  const I = '/fomosite/search/index.json';
  const S = '/fomosite/search/store.json';

  it('one GET for each manifest; a query then fetches only its pieces, from the build folder', async () => {
    const { requests, restore } = mockFetch({ [I]: [stamped('b1').index], [S]: [stamped('b1').store], ...pieces('b1') });
    try {
      const engine = await createSiteSearch(I, S);
      expect(requests).toEqual([
        { url: I, cache: undefined, method: 'GET' },
        { url: S, cache: undefined, method: 'GET' },
      ]);
      expect((await settle(() => engine.search('binder'))).map((h) => h.url)).toEqual(['/blog/binder']);
      const fetched = requests.slice(2).map((r) => r.url);
      expect(fetched.every((u) => u.startsWith('/fomosite/search/b1/'))).toBe(true);
      expect(fetched).toContain('/fomosite/search/b1/d0.json');
      // Not every postings shard: only the one holding `binder`.
      expect(fetched.filter((u) => /\/p\d+\.txt$/.test(u))).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('refetches both manifests past the HTTP cache once when they differ, and loads the matching pair', async () => {
    const { requests, restore } = mockFetch({ [I]: [stamped('new').index, stamped('new').index], [S]: [stamped('old').store, stamped('new').store] });
    try {
      await expect(createSiteSearch(I, S)).resolves.toHaveProperty('size', 1);
      expect(requests.map((r) => [r.url, r.cache ?? null])).toEqual([
        [I, null],
        [S, null],
        [I, 'reload'],
        [S, 'reload'],
      ]);
    } finally {
      restore();
    }
  });

  it('fails (the box shows Retry) when they still differ, or carry no build id', async () => {
    const cases: Array<[{ index: unknown; store: unknown }, { index: unknown; store: unknown }]> = [
      [stamped('a'), stamped('b')],
      [
        { index: one.index, store: one.store },
        { index: one.index, store: one.store },
      ],
    ];
    for (const [first, second] of cases) {
      const { requests, restore } = mockFetch({ [I]: [first.index, second.index], [S]: [second.store, first.store] });
      try {
        await expect(createSiteSearch(I, S)).rejects.toBeInstanceOf(SearchFilesMismatch);
        expect(requests).toHaveLength(4);
      } finally {
        restore();
      }
    }
  });

  it("moves to the new build when the old build's folder is gone, never mixing the two", async () => {
    const { requests, restore } = mockFetch({ [I]: [stamped('b1').index, stamped('b2', other).index], [S]: [stamped('b1').store, stamped('b2', other).store], ...pieces('b2', other) });
    try {
      const engine = await createSiteSearch(I, S);
      const hits = await settle(() => engine.search('binder'));
      expect(hits.map((h) => h.title)).toEqual(['Binder 的新写法']);
      expect(requests.filter((r) => r.url === I).map((r) => r.cache ?? null)).toEqual([null, 'reload']);
      expect(requests.some((r) => r.url.startsWith('/fomosite/search/b2/') && r.url.endsWith('d0.json'))).toBe(true);
      expect(requests.some((r) => r.url === '/fomosite/search/b1/d0.json')).toBe(false);
    } finally {
      restore();
    }
  });

  it('fails on an HTTP error', async () => {
    const { restore } = mockFetch({ [I]: [stamped('a').index] });
    try {
      await expect(createSiteSearch(I, S)).rejects.toThrow(`${S} 返回 500`);
    } finally {
      restore();
    }
  });

  it('a large site warms the ranking up while the page is idle, one step per idle period, fetching nothing; a small one does not', async () => {
    const idle: Array<() => void> = [];
    const original = globalThis.requestIdleCallback;
    globalThis.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as unknown as typeof requestIdleCallback;
    const large = { ...stamped('b1').store, pages: WARM_FROM_PAGES };
    const { requests, restore } = mockFetch({ [I]: [stamped('b1').index, stamped('b1').index], [S]: [stamped('b1').store, large], ...pieces('b1') });
    try {
      await createSiteSearch(I, S);
      expect(idle).toHaveLength(0);
      await createSiteSearch(I, S);
      const fetched = requests.length;
      let steps = 0;
      while (idle.length > 0 && steps <= WARM_STEPS) {
        (idle.shift() as () => void)();
        steps += 1;
      }
      expect(steps).toBe(WARM_STEPS);
      expect(requests).toHaveLength(fetched);
    } finally {
      restore();
      globalThis.requestIdleCallback = original;
    }
  });

  it('each warm-up step ranks a made-up query over its made-up pages (a name, bigrams, a question)', () => {
    for (let n = 0; n < 3; n += 1) expect(warmStep(n)).toBeGreaterThan(100);
  });

  it('sameBuild needs the same string id in both', () => {
    expect(sameBuild({ build: 'x' }, { build: 'x' })).toBe(true);
    expect(sameBuild({ build: 'x' }, { build: 'y' })).toBe(false);
    expect(sameBuild({}, {})).toBe(false);
    expect(sameBuild(null, { build: 'x' })).toBe(false);
  });
});
