/**
 * Ranking, pure: from which tokens each record holds in which field (looked up by the engine) to
 * the results a reader sees. A page is a result when every term group of the query is found in it.
 * Its score adds, per group, the best field it was found in:
 *
 *   product name/tagline 12 > title 10 > pinyin of the title 8 > section heading 6 >
 *   pinyin of a heading 5 > description, tags, slug 3 > body 1
 *
 * times how it was found (exact 1, prefix 0.6, one typo 0.45; a synonym ×0.8), plus bonuses: the
 * query's exact phrase in the title (+6), a heading (+4) or the description (+2); all groups in one
 * section rather than scattered over the page (+2); an identifier typed whole found whole (+3);
 * docs (+2.5) when the query names a product (matches a product's name, tagline or keywords).
 * Ties: newer posts first, then the index order (docs before posts).
 *
 * A page shows once. Its link is the page itself when its head matches every group; the matching
 * section (url#id) when exactly one section does; otherwise the page, with up to three matching
 * sections as sub-results.
 */
import type { IndexField, StorePage, StoreRecord } from './documents';
import type { ParsedQuery } from './query';
import { highlight, type Part } from './highlight';
import { anyFields, TYPE_SHIFT, type MatchType, type RecordHits } from './hits';

export type { MatchType, RecordHits };

export const FIELD_WEIGHTS: Record<IndexField, number> = { product: 12, title: 10, pinyin: 8, heading: 6, meta: 3, body: 1 };
/** Pinyin found in a section record is the heading's pinyin. */
export const SECTION_PINYIN_WEIGHT = 5;
export const TYPE_FACTORS: Record<MatchType, number> = { exact: 1, prefix: 0.6, fuzzy: 0.45 };
export const SYNONYM_FACTOR = 0.8;
export const BONUS = { titlePhrase: 6, headingPhrase: 4, descriptionPhrase: 2, together: 2, whole: 3, productDoc: 2.5 };
export const MAX_SECTIONS = 3;

export type { Part };
export { highlight };

export interface SectionLink {
  url: string;
  heading: string;
  snippet: Part[];
}

export interface SearchHit {
  /** Page url, or url#id when the result is one section (unencoded, without the base URL). */
  url: string;
  kind: 'post' | 'doc';
  title: string;
  /** The section heading when the link goes to a section. */
  heading?: string;
  crumb: string;
  where: 'title' | 'heading' | 'description' | 'body';
  snippet: Part[];
  sections: SectionLink[];
  score: number;
}

/**
 * What ranking reads besides the postings: which pages are docs (ids below `docs`; posts follow,
 * newest first, so a lower id wins a tie), and the stored text of a page (title, headings,
 * description: phrase bonuses and the result itself), which may have to be fetched first (the
 * source then throws NotLoaded, shards.ts).
 */
export interface RankSource {
  docs: number;
  /** How many pages the site has (how rare a word is: partialMatch). */
  pageCount: number;
  /** Loads (or throws NotLoaded for) the stored text of these pages. */
  pages(ids: Iterable<number>): void;
  /** Whether a page's stored text is loaded. */
  loaded(p: number): boolean;
  page(p: number): StorePage;
  record(p: number, place: number): Omit<StoreRecord, 'p' | 'x'> | undefined;
  /** Loads (or throws NotLoaded for) the texts of these pages' records (the snippets of the results shown). */
  texts(ids: Iterable<number>): void;
  /** The text of a record of a page (its texts loaded). */
  text(p: number, place: number): string;
  /** The product a page is filed under (the results page's filter). */
  product(p: number): string | undefined;
}

/**
 * A result before it is drawn: its page, its score without the phrase bonuses (`base`) and the
 * most those bonuses could add (`bound`), what the results page filters on, and the result
 * itself, built on demand from the page's stored text (see top()).
 */
export interface RankedPage {
  page: number;
  kind: 'post' | 'doc';
  base: number;
  bound: number;
  /** The page's url (its stored text must be loaded). */
  readonly url: string;
  /** The product the page is filed under (the facets piece must be loaded). */
  readonly product: string | undefined;
  /** The score with the phrase bonuses (the page's stored text must be loaded). */
  final: () => number;
  hit: () => SearchHit;
}

/** A record id: page × RECORD_SPAN + its place in the page (0 = the page's head). */
export const RECORD_SPAN = 65536;

/** Ties: posts before docs (a post has a date, a doc none), then the order of pages (newer posts first). */
const tieKey = (r: RankedPage, docs: number) => (r.page < docs ? r.page + 1e12 : r.page);

const pageOfRecord = (id: number) => Math.floor(id / RECORD_SPAN);

const flatText = (s: string) => s.toLowerCase().replace(/\s+/g, '');

const MATCH_TYPES: MatchType[] = ['exact', 'prefix', 'fuzzy'];

/**
 * Per record, the tokens it holds (a record holds few of a query's tokens: sparse, in token
 * order): what each is worth there (the best field weight × match factor) and in which field
 * (its bit). A record's worth does not depend on the others: pinyin weighs as a heading's in every
 * record but the page's head.
 */
interface RecordValues {
  /** Record r's cells are start[r] … start[r + 1] - 1. */
  start: Int32Array;
  token: Int32Array;
  value: Float64Array;
  field: Int8Array;
  /** Per page × token (pages in order): its best value in the page's records (the first of equals), and that one's field. */
  pageBest: Float64Array;
  pageField: Int8Array;
  /** Per record: the groups it holds alone (`alone` of its tokens, OR-ed). */
  groups: Int32Array;
  /** Per record: the fields any of the query's tokens is found in (a bit each). */
  fields: Uint8Array;
}

/** The runs of records of one page (ids ascend, a page's head first): page i's records are starts[i] … starts[i + 1] - 1. */
function pageRuns(ids: Float64Array): { starts: Int32Array; pages: number } {
  const starts = new Int32Array(ids.length + 1);
  let pages = 0;
  for (let r = 0, last = -1; r < ids.length; r += 1) {
    const page = pageOfRecord(ids[r] as number);
    if (page !== last) starts[pages++] = r;
    last = page;
  }
  starts[pages] = ids.length;
  return { starts, pages };
}

/** One pass over the cells: each record's token values, each page's best per token, each record's groups and fields. */
function tokenValues(hits: RecordHits, runs: { starts: Int32Array; pages: number }, alone: Int32Array): RecordValues {
  const { ids, found, fields, cells } = hits;
  const T = hits.tokens.length;
  const { starts, pages } = runs;
  const out: RecordValues = {
    start: new Int32Array(ids.length + 1),
    token: new Int32Array(cells),
    value: new Float64Array(cells),
    field: new Int8Array(cells),
    pageBest: new Float64Array(pages * T),
    pageField: new Int8Array(pages * T).fill(-1),
    groups: new Int32Array(ids.length),
    fields: new Uint8Array(ids.length),
  };
  const { pageBest, pageField } = out;
  const headWeights = fields.map((f) => FIELD_WEIGHTS[f]);
  const sectionWeights = fields.map((f) => (f === 'pinyin' ? SECTION_PINYIN_WEIGHT : FIELD_WEIGHTS[f]));
  const bestOf = (mask: number, weights: number[]) => {
    let best = 0;
    let bestField = -1;
    for (const type of MATCH_TYPES) {
      const bits = (mask >> TYPE_SHIFT[type]) & 0xff;
      for (let bit = 0; bits >> bit; bit += 1) {
        if (!(bits & (1 << bit))) continue;
        const v = (weights[bit] as number) * TYPE_FACTORS[type];
        if (v > best) {
          best = v;
          bestField = bit;
        }
      }
    }
    return { best, bestField };
  };
  // A query meets few distinct masks: each is worked out once (for a head, and for a section); a
  // token's records mostly repeat the mask before (found in the body), so that one is at hand.
  const known = new Map<number, { best: number; bestField: number }>();
  const lastKey = new Float64Array(T).fill(-1);
  const lastValue = new Float64Array(T);
  const lastField = new Int8Array(T);
  let n = 0;
  for (let i = 0; i < pages; i += 1) {
    const at = i * T;
    for (let r = starts[i] as number; r < (starts[i + 1] as number); r += 1) {
      out.start[r] = n;
      const isHead = r === starts[i] && ids[r] === pageOfRecord(ids[r] as number) * RECORD_SPAN;
      let held = 0;
      let inFields = 0;
      for (let t = 0; t < T; t += 1) {
        const mask = found[r * T + t] as number;
        if (!mask) continue;
        const key = mask * 2 + (isHead ? 1 : 0);
        if (key !== lastKey[t]) {
          let worth = known.get(key);
          if (!worth) known.set(key, (worth = bestOf(mask, isHead ? headWeights : sectionWeights)));
          lastKey[t] = key;
          lastValue[t] = worth.best;
          lastField[t] = worth.bestField;
        }
        const v = lastValue[t] as number;
        out.token[n] = t;
        out.value[n] = v;
        out.field[n] = lastField[t] as number;
        n += 1;
        if (v > (pageBest[at + t] as number)) {
          pageBest[at + t] = v;
          pageField[at + t] = lastField[t] as number;
        }
        held |= alone[t] as number;
        inFields |= mask | (mask >> 8) | (mask >> 16);
      }
      out.groups[r] = held;
      out.fields[r] = inFields & 0xff;
    }
  }
  out.start[ids.length] = n;
  return out;
}

/** The query's groups with their tokens as numbers (places in RecordHits.tokens; -1 if absent). */
interface CompiledGroup {
  soft: boolean;
  alternatives: Array<{ tokens: number[]; synonym: boolean }>;
}

/**
 * The same groups as flat arrays, read for every record of thousands of pages: group g's
 * alternatives are altStart[g] … altStart[g + 1] - 1, alternative a's tokens tokens[tokenStart[a]
 * … tokenStart[a + 1] - 1], its factor 1 or SYNONYM_FACTOR.
 */
interface FlatGroups {
  altStart: Int32Array;
  tokenStart: Int32Array;
  tokens: Int32Array;
  factor: Float64Array;
  synonym: Uint8Array;
  soft: Uint8Array;
}

function flatGroups(groups: CompiledGroup[]): FlatGroups {
  const alternatives = groups.flatMap((g) => g.alternatives);
  const out: FlatGroups = {
    altStart: new Int32Array(groups.length + 1),
    tokenStart: new Int32Array(alternatives.length + 1),
    tokens: new Int32Array(alternatives.flatMap((a) => a.tokens)),
    factor: new Float64Array(alternatives.map((a) => (a.synonym ? SYNONYM_FACTOR : 1))),
    synonym: new Uint8Array(alternatives.map((a) => (a.synonym ? 1 : 0))),
    soft: new Uint8Array(groups.map((g) => (g.soft ? 1 : 0))),
  };
  groups.forEach((g, i) => (out.altStart[i + 1] = (out.altStart[i] as number) + g.alternatives.length));
  alternatives.forEach((a, i) => (out.tokenStart[i + 1] = (out.tokenStart[i] as number) + a.tokens.length));
  return out;
}

/**
 * Each group's value over a set of records: per token the best record (the first of equals), per
 * alternative its weakest token, per group its best alternative (a synonym × SYNONYM_FACTOR);
 * with the field that value was found in (a bit, or -1). And which groups one record holds
 * (`groupsIn`, a bit mask): whether a record holds part or all of the query depends only on that.
 */
function groupEvaluator(groups: CompiledGroup[], hits: RecordHits) {
  const T = hits.tokens.length;
  const G = groups.length;
  const flat = flatGroups(groups);
  const { altStart, tokenStart, tokens, factor } = flat;
  // Per token, the groups it answers alone (one of their alternatives is that token). An
  // alternative of several tokens could be held half by a section, half by its head: then which
  // groups two records hold together is not the union of what each holds (splits).
  const alone = new Int32Array(T);
  let splits = false;
  groups.forEach((group, g) =>
    group.alternatives.forEach((alt) => {
      const t = alt.tokens[0] as number;
      if (alt.tokens.length === 1 && t >= 0) alone[t] = (alone[t] as number) | (1 << g);
      else if (alt.tokens.length > 1 && alt.tokens.every((x) => x >= 0)) splits = true;
    }),
  );
  const runs = pageRuns(hits.ids);
  const cells = tokenValues(hits, runs, alone);
  const { start, token, value, field } = cells;
  const best = new Float64Array(T);
  const bestField = new Int8Array(T);
  /** The groups' values from the tokens' best values (`from[at …]`, their fields `fromFields[at …]`). */
  const combine = (from: Float64Array, fromFields: Int8Array, at: number, out: Float64Array, outFields: Int8Array | undefined, outAt: number): Float64Array => {
    for (let g = 0; g < G; g += 1) {
      let groupBest = 0;
      let groupField = -1;
      for (let a = altStart[g] as number; a < (altStart[g + 1] as number); a += 1) {
        let min = Infinity;
        let altField = -1;
        for (let x = tokenStart[a] as number; x < (tokenStart[a + 1] as number); x += 1) {
          const t = tokens[x] as number;
          const v = t < 0 ? 0 : (from[at + t] as number);
          if (v < min) {
            min = v;
            altField = t < 0 ? -1 : (fromFields[at + t] as number);
          }
        }
        const v = (min === Infinity ? 0 : min) * (factor[a] as number);
        if (v > groupBest) {
          groupBest = v;
          groupField = altField;
        }
      }
      out[outAt + g] = groupBest;
      if (outFields) outFields[outAt + g] = groupField;
    }
    return out;
  };
  return {
    /** The groups as flat arrays (flatGroups). */
    flat,
    /** The pages: page i's records are starts[i] … starts[i + 1] - 1. */
    ...runs,
    /** Records from..to-1, then `also` (the page's head for a section; -1 for none). */
    values(from: number, to: number, also: number, out: Float64Array, outFields?: Int8Array, at = 0): Float64Array {
      for (let t = 0; t < T; t += 1) {
        best[t] = 0;
        bestField[t] = -1;
      }
      for (let k = from; k <= to; k += 1) {
        const r = k < to ? k : also;
        if (r < 0) continue;
        const end = start[r + 1] as number;
        for (let c = start[r] as number; c < end; c += 1) {
          const t = token[c] as number;
          const v = value[c] as number;
          if (v > (best[t] as number)) {
            best[t] = v;
            bestField[t] = field[c] as number;
          }
        }
      }
      return combine(best, bestField, 0, out, outFields, at);
    },
    /** Page i's values (all its records), as values() over them. */
    pageValues(i: number, out: Float64Array, outFields: Int8Array, at: number): Float64Array {
      return combine(cells.pageBest, cells.pageField, i * T, out, outFields, at);
    },
    /** The groups record r holds (bit g for group g): only without splits, for up to 31 groups. */
    groupsIn(r: number): number {
      return cells.groups[r] as number;
    },
    /** The fields record r holds any of the query's tokens in (a bit each). */
    fieldsIn(r: number): number {
      return cells.fields[r] as number;
    },
    splits,
  };
}

function sum(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i += 1) s += values[i] as number;
  return s;
}

/** Every required group found (soft groups may be missing); a query of soft groups only needs one of them. */
function satisfies(soft: Uint8Array, values: ArrayLike<number>): boolean {
  let required = 0;
  let any = false;
  for (let g = 0; g < soft.length; g += 1) {
    const v = values[g] ?? 0;
    if (v > 0) any = true;
    if (soft[g]) continue;
    required += 1;
    if (!(v > 0)) return false;
  }
  return required > 0 || any;
}

/** How a query that no page need hold whole is answered in part (partialMatch). */
export const PARTIAL = {
  /** Required groups at least, for a partial answer (a shorter query must be found whole). */
  minGroups: 3,
  /** Share of the informative weight a page (or a section with its page's head) must hold. */
  coverage: 0.5,
  /** The least weighted score a partial answer may have: a stray word of the body is no answer. */
  minScore: 1.5,
};

/**
 * A question or long phrase (怎么把手机投屏到电脑) is also answered by the pages that hold most of
 * its informative words: each required group weighs by how rare it is among the pages
 * (log(1 + pages / pages holding it); a word no page holds weighs most, so nonsense keeps the
 * share low); question words and particles (soft groups) weigh nothing. A page (or a section,
 * with its page's head) matches when it holds at least half of the required groups, two at
 * least, and `coverage` of their weight; its score is each group's field value times its weight
 * relative to the heaviest. Null when the query is too short for a partial answer.
 */
export function partialMatch(
  query: ParsedQuery,
  /** Per group: how many pages hold it. */
  holding: ArrayLike<number>,
  totalPages: number,
): { ok: (values: ArrayLike<number>) => boolean; total: (values: ArrayLike<number>) => number } | null {
  const required = query.groups.flatMap((g, i) => (g.soft ? [] : [i]));
  if (required.length < PARTIAL.minGroups) return null;
  const weight = query.groups.map((g, i) => (g.soft ? 0 : Math.log(1 + Math.max(totalPages, 1) / Math.max(holding[i] ?? 0, 1))));
  const all = required.reduce((s, i) => s + (weight[i] ?? 0), 0);
  const heaviest = Math.max(...weight);
  const need = Math.max(2, Math.ceil(required.length / 2));
  return {
    ok: (values) => {
      let found = 0;
      let held = 0;
      for (const i of required) {
        if (!((values[i] ?? 0) > 0)) continue;
        found += 1;
        held += weight[i] ?? 0;
      }
      return found >= need && held >= PARTIAL.coverage * all;
    },
    total: (values) => {
      let s = 0;
      for (let i = 0; i < values.length; i += 1) s += (values[i] as number) * ((weight[i] ?? 0) / heaviest);
      return s;
    },
  };
}

/** About `width` characters of text around the first occurrence of any term. */
export function snippetAround(text: string, terms: string[], width = 90): string {
  const lower = text.toLowerCase();
  const positions = terms.map((t) => lower.indexOf(t.toLowerCase())).filter((p) => p >= 0);
  if (positions.length === 0) return text.slice(0, width) + (text.length > width ? '…' : '');
  const first = Math.min(...positions);
  const start = Math.max(0, first - Math.floor(width / 3));
  const end = Math.min(text.length, start + width);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length && !text.slice(start, end).endsWith('…') ? '…' : ''}`;
}

const WHERE: Partial<Record<IndexField, SearchHit['where']>> = { title: 'title', product: 'title', pinyin: 'title', heading: 'heading', meta: 'description', body: 'body' };

/** Every page that matches, by base score (see the top of this file); top() puts the first k in their final order. */
export function rankAll(query: ParsedQuery, hits: RecordHits, src: RankSource, highlightTerms: string[] = query.highlights): RankedPage[] {
  if (query.groups.length === 0) return [];
  const { ids, found, fields } = hits;
  const T = hits.tokens.length;
  const G = query.groups.length;
  const tokenOf = new Map(hits.tokens.map((t, i) => [t, i]));
  const groups: CompiledGroup[] = query.groups.map((g) => ({
    soft: Boolean(g.soft),
    alternatives: g.alternatives.map((a) => ({ tokens: a.tokens.map((t) => tokenOf.get(t) ?? -1), synonym: a.synonym })),
  }));
  const evaluator = groupEvaluator(groups, hits);
  const { flat } = evaluator;
  const evaluate = evaluator.values;
  const bit = (f: IndexField) => fields.indexOf(f);
  const { starts, pages: P } = evaluator;
  const pageValues = new Float64Array(P * G);
  const pageFields = new Int8Array(P * G);
  const heads = new Int32Array(P);
  const holding = new Array<number>(G).fill(0);
  const scratch = new Float64Array(G);
  const scratchFields = new Int8Array(G);
  // A product intent: some product page's head (name, tagline, keywords) answers the whole query.
  let productIntent = false;
  const productBit = bit('product');
  for (let i = 0; i < P; i += 1) {
    const first = starts[i] as number;
    const p = pageOfRecord(ids[first] as number);
    heads[i] = ids[first] === p * RECORD_SPAN ? first : -1;
    evaluator.pageValues(i, pageValues, pageFields, i * G);
    for (let g = 0; g < G; g += 1) if ((pageValues[i * G + g] as number) > 0) holding[g] = (holding[g] as number) + 1;
    const head = heads[i] as number;
    if (!productIntent && head >= 0) {
      const values = evaluate(head, head + 1, -1, scratch, scratchFields);
      productIntent = satisfies(flat.soft, values) && scratchFields.some((f, g) => f === productBit && (values[g] as number) >= FIELD_WEIGHTS.product * SYNONYM_FACTOR);
    }
  }
  const phrase = query.phrase;
  const usePhrase = [...phrase].length >= 2;
  // Every required group in the page; and for a question or a long phrase (partialMatch), also
  // the pages holding most of its informative words, ranked by those.
  const strict = (values: ArrayLike<number>) => satisfies(flat.soft, values);
  let ok = strict;
  let total = sum;
  const partial = partialMatch(query, holding, src.pageCount);
  if (partial) {
    ok = (values) => strict(values) || partial.ok(values);
    total = (values) => (strict(values) ? sum(values) : partial.total(values));
  }
  // The query's text in a field means its words, as typed (not a synonym), are there: every
  // required group found in that field of that record. Worked out for all fields at once (a bit each).
  const { altStart, tokenStart, tokens, synonym, soft } = flat;
  const required = soft.reduce((n, isSoft) => n + (isSoft ? 0 : 1), 0);
  const fieldsHolding = (r: number, wanted = 0xff): number => {
    // Only fields some token is found in can hold them all (when there is a group to hold).
    let fieldsAll = required > 0 ? (r < 0 ? 0 : evaluator.fieldsIn(r) & wanted) : 0xff;
    for (let g = 0; g < G && fieldsAll; g += 1) {
      if (soft[g]) continue;
      let fieldsGroup = 0;
      for (let a = altStart[g] as number; a < (altStart[g + 1] as number); a += 1) {
        if (synonym[a]) continue;
        let fieldsAlt = 0xff;
        for (let x = tokenStart[a] as number; x < (tokenStart[a + 1] as number) && fieldsAlt; x += 1) {
          const t = tokens[x] as number;
          fieldsAlt &= t < 0 || r < 0 ? 0 : anyFields(found[r * T + t] as number);
        }
        fieldsGroup |= fieldsAlt;
      }
      fieldsAll &= fieldsGroup;
    }
    return fieldsAll;
  };
  const [titleBit, headingBit, metaBit] = [bit('title'), bit('heading'), bit('meta')];
  const wholes = query.wholes.map((w) => tokenOf.get(w) ?? -1).filter((t) => t >= 0);
  const holdsWhole = (from: number, to: number) => {
    for (const t of wholes) for (let r = from; r < to; r += 1) if ((found[r * T + t] as number) & 0xff) return true;
    return false;
  };
  // Which groups a record holds as 0/1 values: ok() and total() > 0 ask no more of them.
  const byMask = G <= 31 && !evaluator.splits;
  const held01 = new Float64Array(G);
  const flags = (mask: number) => {
    for (let g = 0; g < G; g += 1) held01[g] = (mask >> g) & 1;
    return held01;
  };
  // A query's records hold few distinct sets of groups: each set's answers are worked out once.
  const partOf = new Map<number, boolean>();
  const allOf = new Map<number, boolean>();
  const holdsPart = (mask: number) => {
    let answer = partOf.get(mask);
    if (answer === undefined) partOf.set(mask, (answer = mask !== 0 && total(flags(mask)) > 0));
    return answer;
  };
  const holdsAll = (mask: number) => {
    let answer = allOf.get(mask);
    if (answer === undefined) allOf.set(mask, (answer = ok(flags(mask))));
    return answer;
  };

  // A result's detail (its final score and the hit), worked out when top() asks: one function for all pages.
  const detailOf = (r: Ranked): Detail => {
    const { page: p, from, to, head, headFull, kind, base } = r;
    const headId = p * RECORD_SPAN;
    src.pages([p]);
    const page = src.page(p);
    // The page's sections that hold part of the query (own score), and whether each holds it all with the page's head (full).
    const sections: Array<{ id: number; own: number; full: boolean; rec: ReturnType<RankSource['record']>; headingPhrase: boolean }> = [];
    for (let x = from; x < to; x += 1) {
      if (x === head) continue;
      const own = total(evaluate(x, x + 1, -1, scratch));
      if (!(own > 0)) continue;
      const id = ids[x] as number;
      const full = ok(evaluate(x, x + 1, head, scratch));
      const rec = src.record(p, id - headId);
      if (!rec?.i) continue;
      const headingPhrase = usePhrase && flatText(rec.h ?? '').includes(phrase);
      sections.push({ id, own: own + (headingPhrase ? BONUS.headingPhrase : 0), full, rec, headingPhrase });
    }
    sections.sort((a, b) => b.own - a.own || a.id - b.id);
    const fullSections = sections.filter((s) => s.full);
    let score = base;
    if (usePhrase && flatText(page.t).includes(phrase)) score += BONUS.titlePhrase;
    else if (sections.some((s) => s.headingPhrase)) score += BONUS.headingPhrase;
    else if (usePhrase && flatText(page.e).includes(phrase)) score += BONUS.descriptionPhrase;
    const toLink = (s: (typeof sections)[number]): SectionLink => ({
      url: `${page.u}#${s.rec?.i}`,
      heading: s.rec?.h ?? '',
      snippet: highlight(snippetAround(src.text(p, s.id - headId), highlightTerms, 80), highlightTerms),
    });
    const build = (): SearchHit => {
      if (!headFull && fullSections.length === 1) {
        const only = fullSections[0] as (typeof sections)[number];
        const link = toLink(only);
        return {
          url: link.url,
          kind,
          title: page.t,
          heading: link.heading,
          crumb: page.c,
          where: 'heading',
          snippet: link.snippet,
          sections: sections
            .filter((s) => s !== only)
            .slice(0, MAX_SECTIONS - 1)
            .map(toLink),
          score,
        };
      }
      const subs = (fullSections.length > 0 ? fullSections : sections).slice(0, MAX_SECTIONS).map(toLink);
      const source = headFull ? page.e : src.text(p, 0) || page.e;
      return {
        url: page.u,
        kind,
        title: page.t,
        crumb: page.c,
        where: (headFull ? WHERE[r.bestField ?? 'body'] : 'body') ?? 'body',
        snippet: highlight(snippetAround(source, highlightTerms), highlightTerms),
        sections: subs,
        score,
      };
    };
    let hit: SearchHit | undefined;
    return { final: score, build: () => (hit ??= build()) };
  };

  // In tie order (tieKey): posts (newest first), then docs; pages come in page order, docs first.
  const docsFound: RankedPage[] = [];
  const postsFound: RankedPage[] = [];
  const values = new Float64Array(G);
  for (let i = 0; i < P; i += 1) {
    for (let g = 0; g < G; g += 1) values[g] = pageValues[i * G + g] as number;
    if (!ok(values)) continue;
    const from = starts[i] as number;
    const to = starts[i + 1] as number;
    const head = heads[i] as number;
    const p = pageOfRecord(ids[from] as number);
    const headFull = head >= 0 && ok(evaluate(head, head + 1, -1, scratch));
    // What the base score and the bound need of the sections, without keeping them (thousands of
    // pages): whether a section holds part of the query, or all of it with the head, depends only
    // on which groups it holds (when no alternative's tokens can be split between it and the head).
    const headGroups = byMask && head >= 0 ? evaluator.groupsIn(head) : 0;
    // Nothing to learn from the sections when the head holds it all and the title could hold the phrase.
    const headHolds = usePhrase ? fieldsHolding(head, (1 << titleBit) | (1 << metaBit)) : 0;
    const titleBound = usePhrase && (headHolds & (1 << titleBit)) !== 0;
    let anyFull = headFull;
    let headingBound = false;
    for (let r = from; r < to && !(anyFull && (headingBound || titleBound || !usePhrase)); r += 1) {
      if (r === head) continue;
      const held = byMask ? evaluator.groupsIn(r) : 0;
      if (!(byMask ? holdsPart(held) : total(evaluate(r, r + 1, -1, scratch)) > 0)) continue;
      if (!headingBound && usePhrase && !titleBound && fieldsHolding(r, 1 << headingBit)) headingBound = true;
      if (!anyFull) anyFull = byMask ? holdsAll(held | headGroups) : ok(evaluate(r, r + 1, head, scratch));
    }
    let base = total(values);
    if (!strict(values) && base < PARTIAL.minScore) continue;
    if (anyFull) base += BONUS.together;
    if (wholes.length > 0 && holdsWhole(from, to)) base += BONUS.whole;
    const kind = p < src.docs ? 'doc' : 'post';
    if (productIntent && kind === 'doc') base += BONUS.productDoc;
    // The phrase bonus needs the stored title/headings/description; which fields were hit bounds it.
    const bound = !usePhrase ? 0 : titleBound ? BONUS.titlePhrase : headingBound ? BONUS.headingPhrase : headHolds & (1 << metaBit) ? BONUS.descriptionPhrase : 0;
    let bestGroup = 0;
    for (let g = 1; g < G; g += 1) if ((values[g] as number) > (values[bestGroup] as number)) bestGroup = g;
    (kind === 'doc' ? docsFound : postsFound).push(new Ranked(p, kind, base, bound, src, detailOf, from, to, head, headFull, fields[pageFields[i * G + bestGroup] as number]));
  }
  return sortByBase(postsFound.length === 0 ? docsFound : docsFound.length === 0 ? postsFound : [...postsFound, ...docsFound]);
}

/** A result's final score and the hit itself (built once, when asked for). */
interface Detail {
  final: number;
  build: () => SearchHit;
}

/**
 * A result whose final score and hit come from `detailOf` (one function for all the results of a
 * query), worked out when first asked for: a query makes thousands, kept as plain fields.
 */
class Ranked implements RankedPage {
  private detail: Detail | undefined;
  constructor(
    readonly page: number,
    readonly kind: 'post' | 'doc',
    readonly base: number,
    readonly bound: number,
    private readonly src: RankSource,
    private readonly detailOf: (r: Ranked) => Detail,
    /** Its records (rankAll's numbering): from … to - 1, the head's (-1 for none); whether the head holds the query; the field of its best group. */
    readonly from = 0,
    readonly to = 0,
    readonly head = -1,
    readonly headFull = false,
    readonly bestField?: IndexField,
  ) {}
  get url() {
    return this.src.page(this.page).u;
  }
  get product() {
    return this.src.product(this.page);
  }
  private resolve(): Detail {
    // Not kept when it throws NotLoaded: asked again once the page's text is there.
    return (this.detail ??= this.detailOf(this));
  }
  final() {
    return this.resolve().final;
  }
  hit() {
    return this.resolve().build();
  }
}

/**
 * By base score, the list's order kept among equals (it comes in tieKey order). Thousands of
 * pages share a few scores: each score's place is counted (Map lookups, no comparisons).
 */
function sortByBase(inTieOrder: RankedPage[]): RankedPage[] {
  const count = new Map<number, number>();
  const n = inTieOrder.length;
  for (let i = 0; i < n; i += 1) {
    const base = (inTieOrder[i] as RankedPage).base;
    count.set(base, (count.get(base) ?? 0) + 1);
  }
  const next = new Map<number, number>();
  let at = 0;
  for (const base of Float64Array.from(count.keys()).sort().reverse()) {
    next.set(base, at);
    at += count.get(base) as number;
  }
  const out = new Array<RankedPage>(n);
  for (let i = 0; i < n; i += 1) {
    const r = inTieOrder[i] as RankedPage;
    const place = next.get(r.base) as number;
    out[place] = r;
    next.set(r.base, place + 1);
  }
  return out;
}

/**
 * The list with its first k results in their final order: besides the first k by base score,
 * only pages whose base score plus the most their phrase bonus could add reaches the k-th base
 * score can be among the first k (a page that can get no bonus keeps its place behind them), so
 * only their stored text is loaded (NotLoaded until it is). The rest follow in base order. Works on any
 * sub-list of rankAll()'s (the results page's filters keep its order).
 */
export function top<T extends RankedPage>(list: readonly T[], k: number, src: Pick<RankSource, 'docs' | 'pages' | 'loaded' | 'texts'>): T[] {
  if (list.length === 0 || k <= 0) return [...list];
  const kth = list[Math.min(k, list.length) - 1] as T;
  // Beyond the first k (in base order), a page without a possible bonus keeps its place behind them.
  const contenders: T[] = [];
  const rest: T[] = [];
  for (let i = 0; i < list.length; i += 1) {
    const r = list[i] as T;
    if (i < k || (r.bound > 0 && r.base + r.bound >= kth.base)) contenders.push(r);
    else rest.push(r);
  }
  // Highest possible score first; stop at the first page that cannot reach the k-th final score,
  // so only the stored text of pages that can be among the first k is fetched (TOP_BATCH at a time).
  const tie = (r: T) => tieKey(r, src.docs);
  const byUpper = firstByUpper(contenders, Math.max(k, TOP_LIMIT), tie);
  const finals: Array<{ r: T; f: number }> = [];
  const better = (a: { r: T; f: number }, b: { r: T; f: number }) => b.f - a.f || tie(a.r) - tie(b.r);
  let stop = byUpper.length;
  for (let i = 0; i < byUpper.length; i += 1) {
    const r = byUpper[i] as T;
    const at = finals.length >= k ? [...finals].sort(better)[k - 1] : undefined;
    if (at && better({ r, f: r.base + r.bound }, at) > 0) {
      stop = i;
      break;
    }
    if (!src.loaded(r.page)) src.pages(byUpper.slice(i, i + TOP_BATCH).map((x) => x.page));
    finals.push({ r, f: r.final() });
  }
  const decided = new Set(byUpper.slice(0, stop));
  const ordered = finals.sort(better).map((o) => o.r);
  for (let i = 0; i < contenders.length; i += 1) if (!decided.has(contenders[i] as T)) ordered.push(contenders[i] as T);
  for (let i = 0; i < rest.length; i += 1) ordered.push(rest[i] as T);
  // The first k are shown: their snippets' texts, all at once.
  src.texts(ordered.slice(0, k).map((r) => r.page));
  return ordered;
}

/**
 * The first `limit` pages by base + bound (then ties), from a list in base order: the download
 * stays bounded however many pages tie at the top (thousands of pages that hold a common word
 * once), and so does the work (no sort of thousands). The list is in base order, so each bound's
 * pages are in order of base + bound: their lists are merged.
 */
function firstByUpper<T extends RankedPage>(list: readonly T[], limit: number, tie: (r: T) => number): T[] {
  const byBound = new Map<number, T[]>();
  for (let i = 0; i < list.length; i += 1) {
    const r = list[i] as T;
    const same = byBound.get(r.bound);
    if (same) same.push(r);
    else byBound.set(r.bound, [r]);
  }
  const lists = [...byBound.values()];
  const at = lists.map(() => 0);
  const out: T[] = [];
  while (out.length < limit) {
    let best = -1;
    for (let i = 0; i < lists.length; i += 1) {
      const r = (lists[i] as T[])[at[i] as number];
      if (!r) continue;
      const b = best < 0 ? undefined : (lists[best] as T[])[at[best] as number];
      if (!b || r.base + r.bound > b.base + b.bound || (r.base + r.bound === b.base + b.bound && tie(r) < tie(b))) best = i;
    }
    if (best < 0) break;
    out.push((lists[best] as T[])[at[best] as number] as T);
    at[best] = (at[best] as number) + 1;
  }
  return out;
}

/** Pages whose stored text top() fetches at once. */
export const TOP_BATCH = 10;
/**
 * At most this many pages' stored text per query (five batches): on a large site a word found on
 * thousands of pages left every one of them a contender, and a first query fetched far more
 * stored text than it could show (figures: docs/decisions/search-at-scale.md).
 */
export const TOP_LIMIT = 50;

/**
 * Every page a one-character query (壳) finds: those with the character in their title first, then
 * those with it in a heading (linked to that section), in the order of pages. `titled` and
 * `headed`: record ids from the character's postings (the title of a head record, a heading).
 */
export function characterPages(char: string, titled: number[], headed: number[], src: RankSource): RankedPage[] {
  const seen = new Set<number>();
  const entries = [...titled.map((id) => ({ id, section: false })), ...headed.map((id) => ({ id, section: true }))].filter(({ id }) => {
    const p = pageOfRecord(id);
    return !seen.has(p) && seen.add(p) !== undefined;
  });
  return entries.map(({ id, section }, i) => {
    const p = pageOfRecord(id);
    const build = (): SearchHit => {
      src.pages([p]);
      const page = src.page(p);
      const rec = section ? src.record(p, id % RECORD_SPAN) : undefined;
      return {
        url: rec?.i ? `${page.u}#${rec.i}` : page.u,
        kind: p < src.docs ? 'doc' : 'post',
        title: page.t,
        ...(rec?.i ? { heading: rec.h } : {}),
        crumb: page.c,
        where: rec?.i ? ('heading' as const) : ('title' as const),
        snippet: highlight(rec?.i ? (rec.h ?? '') : page.e, [char]),
        sections: [],
        score: 0,
      };
    };
    let hit: SearchHit | undefined;
    const detail = { final: -i, build: () => (hit ??= build()) };
    // The order is the list's: a falling base score keeps it, and top() loads only the first k.
    return new Ranked(p, p < src.docs ? 'doc' : 'post', -i, 0, src, () => detail);
  });
}
