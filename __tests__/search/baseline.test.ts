/** The per-query baseline's comparison (baseline.ts), on a hand-made set. */
import { checkBaseline, formatBaseline } from './baseline';
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
  });

  it('writes one line per query, in the set’s order, that reads back as the baseline', () => {
    const text = formatBaseline([now('协作', 1), now('x', 0)]);
    expect(text.split('\n')).toEqual(['[', '  {"q":"协作","expect":"/p/协作","rank":1},', '  {"q":"x","expect":"/p/x","rank":0}', ']', '']);
    expect(checkBaseline(JSON.parse(text), [now('协作', 1), now('x', 0)])).toEqual({ regressed: [], unrecorded: [], dropped: [], misses: [{ ...now('x', 0), was: 0 }], improved: [] });
  });
});
