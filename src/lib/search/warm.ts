/**
 * Ranking a query that matches thousands of pages takes a few milliseconds once V8 has optimised
 * the ranking loops, and several times that before: a fresh page's first queries (figures:
 * docs/decisions/search-at-scale.md). warmStep()
 * ranks a made-up query over made-up postings (no fetch, no stored text) so that the loops are
 * optimised before the reader's query; the box runs WARM_STEPS of them while the page is idle,
 * on sites large enough for it to matter (WARM_FROM_PAGES).
 */
import { INDEX_FIELDS, type IndexField } from './documents';
import { collectHits, type TokenMatch } from './hits';
import { parseQuery } from './query';
import { rankAll, RECORD_SPAN, top, type RankSource } from './rank';

/** Below this many pages a query ranks in a few milliseconds even before V8 optimises it. */
export const WARM_FROM_PAGES = 1000;
/** Steps of warmStep() the box runs while the page is idle (each a millisecond or a few). */
export const WARM_STEPS = 96;

/** A name, a phrase of bigrams, a question: the paths a reader's queries take through rankAll(). */
const QUERIES = ['wing', '应用多开', '空壳是什么'];
/** Pages per step: a step must end soon when the reader's query (or its pieces) arrives. */
const PAGES = 150;

const bit = (field: IndexField) => 1 << INDEX_FIELDS.indexOf(field);

/** Made-up postings: each token in most pages' body, some headings and a few titles. */
function postingsFor(tokens: readonly string[]): TokenMatch[] {
  return tokens.map((_, t) => {
    const ids: number[] = [];
    const masks: number[] = [];
    for (let p = 0; p < PAGES; p += 1) {
      for (let place = 0; place < 4; place += 1) {
        if ((p + place + t) % 3 === 0) continue;
        ids.push(p * RECORD_SPAN + place);
        masks.push(place === 0 ? (p % 9 === t ? bit('title') | bit('body') : bit('body')) : p % 5 === 0 ? bit('heading') : bit('body'));
      }
    }
    return { token: t, postings: { ids: Float64Array.from(ids), masks: Uint8Array.from(masks) }, type: 'exact' as const };
  });
}

const source = (): RankSource => ({
  docs: PAGES / 2,
  pageCount: PAGES,
  pages: () => undefined,
  loaded: () => true,
  page: (p) => ({ u: `/docs/${p}/`, t: '应用多开', k: 'doc', c: '', e: '应用多开' }),
  record: () => ({ i: 'a', h: '空壳' }),
  texts: () => undefined,
  text: () => '应用多开',
  product: () => undefined,
});

/** Step n: one made-up query (they take turns) ranked over PAGES pages, its first ten results built. Returns the pages it matched. */
export function warmStep(n: number): number {
  const src = source();
  const query = parseQuery(QUERIES[n % QUERIES.length] as string);
  const tokens = [...new Set(query.groups.flatMap((g) => g.alternatives.flatMap((a) => a.tokens)))];
  const ranked = rankAll(query, collectHits(INDEX_FIELDS, tokens, postingsFor(tokens)), src);
  top(ranked, 10, src)
    .slice(0, 10)
    .forEach((r) => r.hit());
  return ranked.length;
}
