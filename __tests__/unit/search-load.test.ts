/**
 * The search files as the browser loads them (src/components/search/engine.ts), with a mocked
 * fetch: the index and the store must carry the same build id; when they do not (one file from
 * the deploy before, one from the deploy after), both are fetched once more past the HTTP cache.
 */
import { createSiteSearch, SearchFilesMismatch } from '../../src/components/search/engine';
import { buildSearchRecords, type SearchPageInput } from '../../src/lib/search/documents';
import { buildIndexFile } from '../../src/lib/search/engine';
import { sameBuild } from '../../src/lib/search/files';

describe('the browser loads an index and a store of the same build', () => {
  const input: SearchPageInput[] = [{ kind: 'post', url: '/blog/binder', title: '深入 Binder 拦截', crumb: '博客', sections: [{ id: null, heading: '', depth: 0, text: '正文', code: '' }] }];
  const { records, store } = buildSearchRecords(input, () => []);
  const index = buildIndexFile(records, { t2s: {}, synonyms: [] });
  const stamped = (build: string) => ({ index: { build, ...index }, store: { build, ...store } });

  /** Serves the given answers in order, per URL; records each request's cache mode. */
  function mockFetch(answers: Record<string, Array<unknown>>) {
    const requests: Array<{ url: string; cache: RequestCache | undefined; method: string | undefined }> = [];
    const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, cache: init?.cache, method: init?.method });
      const body = answers[url]?.shift();
      if (body === undefined) return new Response('nope', { status: 500 });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    return { requests, restore: () => (globalThis.fetch = original) };
  }

  const I = '/fomosite/search/index.json';
  const S = '/fomosite/search/store.json';

  it('one GET each when the build ids match', async () => {
    const { requests, restore } = mockFetch({ [I]: [stamped('b1').index], [S]: [stamped('b1').store] });
    try {
      const engine = await createSiteSearch(I, S);
      expect(engine.search('binder').map((h) => h.url)).toEqual(['/blog/binder']);
      expect(requests).toEqual([
        { url: I, cache: undefined, method: 'GET' },
        { url: S, cache: undefined, method: 'GET' },
      ]);
    } finally {
      restore();
    }
  });

  it('refetches both past the HTTP cache once when they differ, and loads the matching pair', async () => {
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
      [{ index, store }, { index, store }],
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

  it('fails on an HTTP error', async () => {
    const { restore } = mockFetch({ [I]: [stamped('a').index] });
    try {
      await expect(createSiteSearch(I, S)).rejects.toThrow(`${S} 返回 500`);
    } finally {
      restore();
    }
  });

  it('sameBuild needs the same string id in both', () => {
    expect(sameBuild({ build: 'x' }, { build: 'x' })).toBe(true);
    expect(sameBuild({ build: 'x' }, { build: 'y' })).toBe(false);
    expect(sameBuild({}, {})).toBe(false);
    expect(sameBuild(null, { build: 'x' })).toBe(false);
  });
});
