/**
 * rank.ts top(): the k results a panel shows, in final order, fetching the stored text only of pages
 * that can still be among them — and never more than TOP_LIMIT pages, however many tie at the top.
 */
import { top, TOP_LIMIT, type RankedPage } from '../../src/lib/search/rank';

const page = (i: number, base: number, bound: number, final: number): RankedPage => ({
  page: i,
  kind: 'post',
  base,
  bound,
  url: `/blog/p${i}`,
  product: undefined,
  final: () => final,
  hit: () => {
    throw new Error('not needed');
  },
});

function source() {
  const loaded = new Set<number>();
  const texts = new Set<number>();
  return {
    loaded,
    texts,
    src: { docs: 0, loaded: (p: number) => loaded.has(p), pages: (ps: number[]) => ps.forEach((p) => loaded.add(p)), texts: (ps: Iterable<number>) => [...ps].forEach((p) => texts.add(p)) },
  };
}

describe('top()', () => {
  it('puts a page whose bonus lifts it above the first k in its place, fetching only contenders', () => {
    const list = [page(0, 10, 0, 10), page(1, 9, 0, 9), page(2, 8, 5, 13), page(3, 1, 0, 1)];
    const { loaded, texts, src } = source();
    expect(top(list, 2, src).map((r) => r.page)).toEqual([2, 0, 1, 3]);
    expect(loaded.has(3)).toBe(false);
    // The snippets' texts: of the two shown only.
    expect([...texts].sort()).toEqual([0, 2]);
  });

  it('fetches the text of at most TOP_LIMIT pages when thousands tie at the top, and keeps the rest in base order', () => {
    // 2,000 pages with one common word: the same base and the same possible bonus, none realised.
    const list = Array.from({ length: 2000 }, (_, i) => page(i, 5, 3, 5));
    const { loaded, src } = source();
    const result = top(list, 10, src);
    expect(loaded.size).toBeLessThanOrEqual(TOP_LIMIT);
    expect(result).toHaveLength(2000);
    expect(result.slice(0, 10).map((r) => r.page)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
