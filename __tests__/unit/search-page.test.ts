/**
 * The results page and the box's way to it, pure: the state in the address, the links that carry
 * the words to mark, the history policy while typing, the filters, the box's options and keys.
 */
import { pinyin } from 'pinyin-pro';
import { stepOption } from '../../src/lib/search/combobox';
import { buildSearchRecords, productForTags, type SearchPageInput } from '../../src/lib/search/documents';
import { buildIndexFile, loadSiteSearch } from '../../src/lib/search/build-index';
import { applyFilters, canonicalProduct, facets } from '../../src/lib/search/facets';
import { flattenOptions, panelFor, PANEL_RESULTS, viewAllLabel } from '../../src/lib/search/options';
import { asksForMarks, EMPTY_SEARCH_STATE, historyAction, MAX_MARK_TERMS, PAGE_SIZE, readMarks, readSearchState, resultLink, searchLink, searchPageUrl, searchTitle } from '../../src/lib/search/page-url';
import type { SearchHit } from '../../src/lib/search/rank';

describe('the results page state in the address', () => {
  it('round-trips query, kind, product and how many are shown, leaving defaults out', () => {
    const url = searchPageUrl({ q: '多开 binder', kind: 'doc', product: 'Konker', shown: 30 });
    expect(url).toBe('/search?q=%E5%A4%9A%E5%BC%80+binder&type=doc&product=Konker&n=30');
    expect(readSearchState(url.slice('/search'.length))).toEqual({ q: '多开 binder', kind: 'doc', product: 'Konker', shown: 30 });
    expect(searchPageUrl({ q: '多开' })).toBe('/search?q=%E5%A4%9A%E5%BC%80');
    expect(searchPageUrl({ q: '', kind: 'all', shown: PAGE_SIZE })).toBe('/search');
    // The box's own link (it ships on every page without the rest) spells a query the same way.
    expect(searchLink('多开 binder')).toBe(searchPageUrl({ q: '多开 binder' }));
  });

  it('reads a hand-edited or broken address as the nearest sensible state', () => {
    expect(readSearchState('')).toEqual(EMPTY_SEARCH_STATE);
    expect(readSearchState('?q=x&type=video&n=abc&product=%20')).toEqual({ q: 'x', kind: 'all', product: null, shown: PAGE_SIZE });
    expect(readSearchState('?q=x&n=15').shown).toBe(20);
    expect(readSearchState('?q=x&n=999999').shown).toBe(1000);
    // What an OpenSearch browser sends: + or %20 for spaces.
    expect(readSearchState('?q=hidden+api').q).toBe('hidden api');
    expect(readSearchState('?q=hidden%20api').q).toBe('hidden api');
  });

  it('titles the page with the query', () => {
    expect(searchTitle(' 多开 ', 'iofomo')).toBe('搜索：多开 - iofomo');
    expect(searchTitle('', 'iofomo')).toBe('搜索 - iofomo');
  });
});

describe('result links and the words they carry', () => {
  it('puts the words between the encoded path and the section id', () => {
    expect(resultLink('/docs/desktop/wing/Get start#运行', ['拦截', 'Binder'])).toBe(`/docs/desktop/wing/Get%20start?highlight=%E6%8B%A6%E6%88%AA&highlight=Binder#${encodeURIComponent('运行')}`);
    expect(resultLink('/blog/oneway')).toBe('/blog/oneway');
  });

  it('reads them back and gives the rest of the query without them', () => {
    const link = resultLink('/blog/x', ['拦截', 'code review', '拦截']);
    const { terms, rest } = readMarks(link.slice(link.indexOf('?')));
    expect(terms).toEqual(['拦截', 'code review']);
    expect(rest).toBe('');
    expect(readMarks('?a=1&highlight=x&b=2')).toEqual({ terms: ['x'], rest: '?a=1&b=2' });
    expect(asksForMarks('?highlight=x')).toBe(true);
    expect(asksForMarks('?q=highlight')).toBe(false);
  });

  it('caps how many words travel and how long each is', () => {
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`);
    expect(readMarks(resultLink('/x', many).slice(2)).terms).toHaveLength(MAX_MARK_TERMS);
    expect(readMarks(`?highlight=${'长'.repeat(41)}&highlight=ok`).terms).toEqual(['ok']);
  });
});

describe('history while typing on the results page', () => {
  it('opens one entry per settled query and rewrites it while the reader types', () => {
    expect(historyAction({ q: '多开', settled: true }, '多开b')).toBe('push');
    expect(historyAction({ q: '多开b', settled: false }, '多开bi')).toBe('replace');
    expect(historyAction({ q: '多开', settled: true }, '多开')).toBe('none');
    // An empty page is not worth an entry of its own.
    expect(historyAction({ q: '', settled: true }, 'b')).toBe('replace');
  });
});

const hit = (url: string, kind: 'doc' | 'post', sections: string[] = []): SearchHit => ({
  url,
  kind,
  title: url,
  crumb: '',
  where: 'title',
  snippet: [],
  sections: sections.map((s) => ({ url: `${url}#${s}`, heading: s, snippet: [] })),
  score: 1,
});

describe('filters', () => {
  const entries = [
    { kind: 'doc' as const, product: 'Konker' },
    { kind: 'post' as const, product: 'Konker' },
    { kind: 'post' as const },
    { kind: 'doc' as const, product: 'Wing' },
    { kind: 'doc' as const, product: 'Konker' },
  ];
  it('counts results by kind and product (products within the chosen kind)', () => {
    expect(facets(entries, 'all')).toEqual({
      total: 5,
      kinds: { doc: 3, post: 2 },
      products: [
        { name: 'Konker', count: 3 },
        { name: 'Wing', count: 1 },
      ],
    });
    expect(facets(entries, 'post').products).toEqual([{ name: 'Konker', count: 1 }]);
  });
  it('keeps what the filters ask for, in rank order, product names in any case', () => {
    expect(applyFilters(entries, { kind: 'doc', product: null })).toEqual([entries[0], entries[3], entries[4]]);
    expect(applyFilters(entries, { kind: 'all', product: 'konker' })).toEqual([entries[0], entries[1], entries[4]]);
    expect(canonicalProduct(entries, 'konker')).toBe('Konker');
    expect(canonicalProduct(entries, null)).toBeNull();
  });
  it('files a post under the product its tags name', () => {
    const tools = [{ label: 'Konker', aliases: ['空壳'] }, { label: 'VoiceWise' }, { label: 'Wing' }];
    expect(productForTags(['android', '空壳'], tools)).toBe('Konker');
    expect(productForTags(['voice-wise'], tools)).toBe('VoiceWise');
    expect(productForTags(['ai', 'winger'], tools)).toBeUndefined();
  });
});

describe('the search box list', () => {
  it('ends with the link to every result, whose option leads to the results page', () => {
    const options = flattenOptions([hit('/blog/a', 'post'), hit('/docs/b', 'doc', ['s'])], { query: '拦截', total: 23, terms: ['拦截'] });
    // The doc group comes after the post holding the best result; each result is followed by its sections.
    expect(options.map((o) => o.url)).toEqual(['/blog/a', '/docs/b', '/docs/b#s', '/search?q=%E6%8B%A6%E6%88%AA']);
    expect(options[2]?.link).toBe('/docs/b?highlight=%E6%8B%A6%E6%88%AA#s');
    expect(options[3]).toEqual({ url: '/search?q=%E6%8B%A6%E6%88%AA', link: '/search?q=%E6%8B%A6%E6%88%AA', sub: -1 });
    expect(viewAllLabel(23)).toBe('查看全部 23 条结果');
    expect(flattenOptions([], { query: 'x', total: 0, terms: [] })).toEqual([]);
  });

  it('chooses no option until an arrow key does, then wraps', () => {
    expect(stepOption(-1, 4, 'ArrowDown')).toBe(0);
    expect(stepOption(-1, 4, 'ArrowUp')).toBe(3);
    expect(stepOption(3, 4, 'ArrowDown')).toBe(0);
    expect(stepOption(0, 4, 'ArrowUp')).toBe(3);
    expect(stepOption(2, 4, 'ArrowUp')).toBe(1);
    expect(stepOption(-1, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('every result of a query', () => {
  const toSyllables = (run: string) => pinyin(run, { toneType: 'none', type: 'array' });
  const pages: SearchPageInput[] = Array.from({ length: 14 }, (_, i) => ({
    kind: i % 2 ? 'post' : 'doc',
    url: `/p${i}`,
    title: `第 ${i} 篇`,
    crumb: '',
    ...(i % 3 === 0 ? { productName: 'Konker' } : {}),
    sections: [{ id: null, heading: '', depth: 0, text: i < 12 ? '讲 Binder 拦截和应用多开' : '别的内容', code: '' }],
  }));
  const { records, store } = buildSearchRecords(pages, toSyllables);
  const index = JSON.parse(JSON.stringify(buildIndexFile(records, { t2s: { 攔: '拦' }, synonyms: [['多开', '分身']] })));
  const engine = loadSiteSearch(index, store);

  it("gives the box's panel the first results, the total and the link to all of them", () => {
    const panel = panelFor(engine, 'binder 拦截');
    expect(panel.results).toHaveLength(PANEL_RESULTS);
    expect(panel.total).toBe(12);
    expect(panel.options[panel.options.length - 1]?.url).toBe(searchLink('binder 拦截'));
    expect(panelFor(engine, '  ')).toEqual({ query: '  ', total: 0, terms: [], results: [], options: [] });
  });

  it('lists all of them, not just the first ten, with what the filters need', () => {
    const all = engine.searchAll('binder 拦截');
    expect(all.pages).toHaveLength(12);
    expect(engine.search('binder 拦截')).toHaveLength(10);
    expect(all.pages.filter((p) => p.product === 'Konker').map((p) => p.url)).toEqual(expect.arrayContaining(['/p0', '/p3', '/p6', '/p9']));
    expect(all.pages[11]?.hit().url).toBe(all.pages[11]?.url);
  });

  it('names the words to mark as the index reads them: Simplified, synonyms, the word a typo stood for', () => {
    expect(engine.searchAll('攔截').terms).toContain('拦截');
    expect(engine.searchAll('分身').terms).toEqual(expect.arrayContaining(['多开', '分身']));
    expect(engine.searchAll('bindr').terms).toContain('binder');
    // Not a lone character of a longer query; a one-character query marks its character.
    expect(engine.searchAll('拦截和').terms).not.toContain('和');
    expect(engine.searchAll('篇').terms).toEqual(['篇']);
  });
});
