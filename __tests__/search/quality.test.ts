/**
 * Search quality over the real content: every query must put its page in the top 3 (recall ≥ 95 %),
 * and the no-hit controls (reversed or scattered characters found in no page) return nothing.
 */
import { buildSiteSearch } from './site-index';

const { documents, search } = buildSiteSearch();

import { QUERIES } from './quality.test.data';

const CONTROLS = ['作协', '截拦', '壳空', '码代', '务服', '译编', '名签', '档协', '序程', '图拦'];

describe('search quality on the real content', () => {
  it('has at least 40 queries', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
  });

  it('puts the expected page in the top 3 for at least 95 % of queries', () => {
    const misses = QUERIES.filter(([query, url]) => !search(query).slice(0, 3).some((r) => r.entry.url === url)).map(([q, url]) => `${q} → ${url} (got ${search(q).slice(0, 3).map((r) => r.entry.url).join(', ')})`);
    const recall = (QUERIES.length - misses.length) / QUERIES.length;
    if (misses.length) console.log(`search misses:\n${misses.join('\n')}`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it('returns nothing for reversed or scattered characters that occur in no page', () => {
    for (const control of CONTROLS) {
      const occurs = documents.some((d) => d._.includes(control));
      expect([control, occurs]).toEqual([control, false]);
      expect([control, search(control).map((r) => r.entry.url)]).toEqual([control, []]);
    }
  });
});
