/**
 * The postings a query reads, decoded by hand (shards.ts decodePostingList) and merged into flat
 * per-record arrays (hits.ts collectHits) that ranking reads by position.
 */
import { anyFields, collectHits, TYPE_SHIFT } from '../../src/lib/search/hits';
import { RECORD_SPAN } from '../../src/lib/search/rank';
import { decodePostingList, decodePostings, encodePostings, MASK_LETTERS } from '../../src/lib/search/shards';

const masks = [1, 2, 3, 16, 17, 33];
const letter = (mask: number) => MASK_LETTERS[masks.indexOf(mask)] as string;

describe('decodePostingList', () => {
  it('reads back what encodePostings wrote: page deltas, places in base 36, every mask letter', () => {
    // Pages past 32,768 make record ids above 2^31: they must stay exact.
    const list: Array<[number, number]> = [
      [0, 1],
      [5, 2],
      [3 * RECORD_SPAN, 3],
      [3 * RECORD_SPAN + 40, 16],
      [1296 * RECORD_SPAN + 1295, 17],
      [40_000 * RECORD_SPAN + 7, 33],
    ];
    const encoded = encodePostings(list, letter);
    const decoded = decodePostingList(encoded, masks);
    expect(Array.from(decoded.ids)).toEqual(list.map(([id]) => id));
    expect(Array.from(decoded.masks)).toEqual(list.map(([, mask]) => mask));
    expect(decodePostings(encoded, masks)).toEqual(list);
  });

  it('reads an empty list', () => {
    expect(decodePostingList('', masks).ids).toHaveLength(0);
  });
});

describe('collectHits', () => {
  const postings = (pairs: Array<[number, number]>) => ({ ids: Float64Array.from(pairs.map(([id]) => id)), masks: Uint8Array.from(pairs.map(([, m]) => m)) });

  it('lists each record once, ascending, with each token’s fields by match type', () => {
    const head = 2 * RECORD_SPAN;
    const hits = collectHits(
      ['title', 'body'],
      ['wing', 'hook'],
      [
        {
          token: 0,
          postings: postings([
            [head, 1],
            [head + 3, 2],
          ]),
          type: 'exact',
        },
        {
          token: 1,
          postings: postings([
            [5, 2],
            [head + 3, 2],
          ]),
          type: 'exact',
        },
        // A word `wing` prefixes, in the head's body: the same cell, in the prefix bits.
        { token: 0, postings: postings([[head, 2]]), type: 'prefix' },
        { token: 1, postings: postings([[head + 3, 1]]), type: 'fuzzy' },
      ],
    );
    expect(Array.from(hits.ids)).toEqual([5, head, head + 3]);
    const cell = (record: number, token: number) => hits.found[record * 2 + token];
    expect(cell(0, 0)).toBe(0);
    expect(cell(0, 1)).toBe(2 << TYPE_SHIFT.exact);
    expect(cell(1, 0)).toBe((1 << TYPE_SHIFT.exact) | (2 << TYPE_SHIFT.prefix));
    expect(cell(2, 1)).toBe((2 << TYPE_SHIFT.exact) | (1 << TYPE_SHIFT.fuzzy));
    expect(anyFields(cell(2, 1) as number)).toBe(3);
  });
});
