/** The per-query baseline's comparison (baseline.ts), on a hand-made set. */
import { checkBaseline, contentCause, formatBaseline } from './baseline';
import type { QueryRank } from './evaluate';

const now = (q: string, rank: number): QueryRank => ({ q, expect: `/p/${q}`, kind: 'intent', rank });

describe('the search baseline', () => {
  it('gates each query that was in the top 5, reports the others, and knows the set changed', () => {
    const baseline = [
      { q: 'a', expect: '/p/a', rank: 1 },
      { q: 'b', expect: '/p/b', rank: 5 },
      { q: 'c', expect: '/p/c', rank: 2 },
      { q: 'd', expect: '/p/d', rank: 0 },
      { q: 'e', expect: '/p/e', rank: 9 },
      { q: 'f', expect: '/p/old', rank: 1 },
      { q: 'gone', expect: '/p/gone', rank: 1 },
    ];
    const check = checkBaseline(baseline, [now('a', 3), now('b', 6), now('c', 0), now('d', 0), now('e', 4), now('f', 1), now('new', 1)]);
    expect(check.regressed).toEqual(['b → /p/b: rank 5 → 6', 'c → /p/c: rank 2 → not found']);
    expect(check.misses.map((m) => [m.q, m.rank, m.was])).toEqual([['d', 0, 0]]);
    expect(check.improved).toEqual(['e → /p/e: rank 9 → 4']);
    expect(check.unrecorded).toEqual(['f', 'new']);
    expect(check.dropped).toEqual(['gone']);
    expect(check.moved).toEqual([]);
  });

  it('reports, without failing, a query that left the top 5 for a cause the content gives', () => {
    const baseline = [
      { q: 'a', expect: '/p/a', rank: 1 },
      { q: 'b', expect: '/p/b', rank: 2 },
    ];
    const check = checkBaseline(baseline, [now('a', 7), now('b', 6)], (rank) => (rank.q === 'a' ? '/p/x changed' : undefined));
    expect(check.moved).toEqual(['a → /p/a: rank 1 → 7 (/p/x changed)']);
    expect(check.regressed).toEqual(['b → /p/b: rank 2 → 6']);
  });

  describe('finds the content’s cause of a lower rank', () => {
    const was = { 'content/synonyms.yaml': 's1', '/a': '1', '/b': '1', '/c': '1', '/d': '1' };
    const hits = (...urls: string[]) => urls.map((url) => ({ url, sections: [] }));

    it('in the expected page itself, or a page now above it that is new or changed', () => {
      expect(contentCause('/a#install', hits('/b', '/a'), was, { ...was, '/a': '2' })).toBe('/a changed');
      expect(contentCause('/a', hits('/new#x', '/b', '/a'), was, { ...was, '/new': '1' })).toBe('new or changed above it: /new');
      expect(contentCause('/a', hits('/b', '/c', '/a'), was, { ...was, '/c': '2' })).toBe('new or changed above it: /c');
    });

    it('in a file every page shares (the synonyms)', () => {
      expect(contentCause('/a', hits('/b', '/a'), was, { ...was, 'content/synonyms.yaml': 's2' })).toBe('content/synonyms.yaml changed');
    });

    it('among all results when the expected page is no longer found', () => {
      expect(contentCause('/a', hits('/b', '/new'), was, { ...was, '/new': '1' })).toBe('new or changed above it: /new');
      expect(contentCause('/a', hits('/b', '/c'), was, was)).toBeUndefined();
    });

    it('not in pages below it, nor in pages that were deleted: then the search moved it', () => {
      expect(contentCause('/a', hits('/b', '/c', '/a', '/d'), was, { ...was, '/d': '2' })).toBeUndefined();
      const { '/d': _deleted, ...without } = was;
      expect(contentCause('/a', hits('/b', '/c', '/a'), was, without)).toBeUndefined();
    });
  });

  it('writes one line per query, in the set’s order, that reads back as the baseline', () => {
    const text = formatBaseline([now('协作', 1), now('x', 0)]);
    expect(text.split('\n')).toEqual(['[', '  {"q":"协作","expect":"/p/协作","rank":1},', '  {"q":"x","expect":"/p/x","rank":0}', ']', '']);
    expect(checkBaseline(JSON.parse(text), [now('协作', 1), now('x', 0)])).toEqual({ regressed: [], unrecorded: [], dropped: [], misses: [{ ...now('x', 0), was: 0 }], improved: [], moved: [] });
  });
});
