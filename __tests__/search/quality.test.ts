/**
 * Search quality over the real content: the query set (queries.ts) reaches recall@5 ≥ 0.95 (MRR is
 * printed), the no-hit controls return nothing, and every section link uses the id the rendered page
 * and its table of contents give that heading.
 */
import { evaluate, formatEvaluation } from './evaluate';
import { CONTROLS, QUERIES } from './queries';
import { buildSiteSearch, type BuiltSiteSearch } from './site-index';

let site: BuiltSiteSearch;
beforeAll(() => {
  site = buildSiteSearch();
}, 120_000);

describe('search quality on the real content', () => {
  it('finds the expected page or section in the top 5 for at least 95 % of the queries', () => {
    const result = evaluate(QUERIES, site.hits);
    console.log(`search quality: ${formatEvaluation(result)}\nmisses:\n${result.misses.map((m) => `  [${m.kind}] ${m.q} → ${m.expect} (got ${m.got.join(', ') || 'nothing'})`).join('\n')}`);
    expect(result.recall5).toBeGreaterThanOrEqual(0.95);
  });

  it('returns nothing for reversed or scattered characters and nonsense words', () => {
    for (const control of CONTROLS) expect([control, site.engine.search(control).map((h) => h.url)]).toEqual([control, []]);
  });

  it('links sections with the ids of the rendered page and its table of contents, on every page', () => {
    expect(site.headings.length).toBe(site.store.pages.length);
    for (const page of site.headings) {
      expect([page.url, page.sections]).toEqual([page.url, page.html]);
      expect([page.url, page.toc]).toEqual([page.url, page.html]);
      const linked = site.store.records.filter((r) => r.i && site.store.pages[r.p]?.u === page.url).map((r) => r.i);
      expect([page.url, linked]).toEqual([page.url, page.html]);
    }
  });
});
