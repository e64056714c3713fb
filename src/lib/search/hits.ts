/**
 * Which records hold which of a query's tokens, and how: the postings the engine found for each
 * token, merged into flat arrays that ranking (rank.ts) reads by position. A long question on a
 * large site finds tens of thousands of records; a Map per record with an object per field made
 * ranking them slow, mostly through allocation (figures: docs/decisions/search-at-scale.md).
 */
import type { IndexField } from './documents';

export type MatchType = 'exact' | 'prefix' | 'fuzzy';

/** A token's postings, decoded: record ids ascending, each with its field mask. */
export interface Postings {
  ids: Float64Array;
  masks: Uint8Array;
}

/** Where in a found-mask each match type's field bits sit. */
export const TYPE_SHIFT: Record<MatchType, number> = { exact: 0, prefix: 8, fuzzy: 16 };

export interface RecordHits {
  /** The index's fields: bit i of a field mask is fields[i]. */
  fields: readonly IndexField[];
  /** The query's tokens; a token's number is its place here. */
  tokens: readonly string[];
  /** Every record holding one of them, ascending (so a page's records are contiguous, its head first). */
  ids: Float64Array;
  /**
   * Per record × token (ids.length × tokens.length): the fields the token was found in, exact in
   * bits 0–7, by prefix in 8–15, within one edit in 16–23 (TYPE_SHIFT).
   */
  found: Int32Array;
  /** How many cells of `found` are not 0. */
  cells: number;
}

export interface TokenMatch {
  token: number;
  postings: Postings;
  type: MatchType;
}

/** The hits of a query's matches (a token may have several: exact, and each word it prefixes or is a typo of). */
export function collectHits(fields: readonly IndexField[], tokens: readonly string[], matches: readonly TokenMatch[]): RecordHits {
  // The lists ascend: merged pairwise (a sort of them all together cost most of this function).
  let lists = matches.map((m) => m.postings.ids);
  while (lists.length > 1) {
    const next: Float64Array[] = [];
    for (let i = 0; i < lists.length; i += 2) next.push(i + 1 < lists.length ? mergeAscending(lists[i] as Float64Array, lists[i + 1] as Float64Array) : (lists[i] as Float64Array));
    lists = next;
  }
  const ids = lists[0] ?? new Float64Array(0);
  const n = ids.length;
  const T = tokens.length;
  const found = new Int32Array(n * T);
  let cells = 0;
  for (const { token, postings, type } of matches) {
    const shift = TYPE_SHIFT[type];
    // Both lists ascend: one walk through ids per posting list.
    let j = 0;
    for (let i = 0; i < postings.ids.length; i += 1) {
      const id = postings.ids[i] as number;
      while ((ids[j] as number) < id) j += 1;
      const cell = j * T + token;
      if (found[cell] === 0) cells += 1;
      found[cell] = (found[cell] as number) | ((postings.masks[i] as number) << shift);
    }
  }
  return { fields, tokens, ids, found, cells };
}

/** The fields (a mask) a token was found in, by any match type. */
export const anyFields = (found: number) => (found | (found >> 8) | (found >> 16)) & 0xff;

/** Two ascending lists as one, each id once. */
function mergeAscending(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x < y) {
      out[n++] = x;
      i += 1;
    } else if (y < x) {
      out[n++] = y;
      j += 1;
    } else {
      out[n++] = x;
      i += 1;
      j += 1;
    }
  }
  while (i < a.length) out[n++] = a[i++] as number;
  while (j < b.length) out[n++] = b[j++] as number;
  return n === out.length ? out : out.slice(0, n);
}
