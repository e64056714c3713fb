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
import type { IndexField, SearchStore, StorePage } from './documents';
import type { ParsedQuery } from './query';

export type MatchType = 'exact' | 'prefix' | 'fuzzy';

/** Per record: token → the fields it was found in and how. */
export type RecordHits = Map<number, Map<string, Array<{ field: IndexField; type: MatchType }>>>;

export const FIELD_WEIGHTS: Record<IndexField, number> = { product: 12, title: 10, pinyin: 8, heading: 6, meta: 3, body: 1 };
/** Pinyin found in a section record is the heading's pinyin. */
export const SECTION_PINYIN_WEIGHT = 5;
export const TYPE_FACTORS: Record<MatchType, number> = { exact: 1, prefix: 0.6, fuzzy: 0.45 };
export const SYNONYM_FACTOR = 0.8;
export const BONUS = { titlePhrase: 6, headingPhrase: 4, descriptionPhrase: 2, together: 2, whole: 3, productDoc: 2.5 };
export const MAX_SECTIONS = 3;

export type Part = { text: string; match: boolean };

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

interface Scored {
  page: number;
  score: number;
  date: string;
  build: () => SearchHit;
}

/**
 * A result before it is drawn: what the results page filters on, and the result itself, built on
 * demand (its snippets cost more than its rank, and a page shows only some of its results).
 */
export interface RankedPage {
  url: string;
  kind: 'post' | 'doc';
  product?: string;
  hit: () => SearchHit;
}

/** Builds a result once, however often it is asked for. */
function ranked(page: StorePage, build: () => SearchHit): RankedPage {
  let hit: SearchHit | undefined;
  return { url: page.u, kind: page.k, ...(page.r ? { product: page.r } : {}), hit: () => (hit ??= build()) };
}

/** The head record of each page (the store lists a page's head first, then its sections). */
const headsCache = new WeakMap<SearchStore, number[]>();
function headRecords(store: SearchStore): number[] {
  let heads = headsCache.get(store);
  if (!heads) {
    heads = [];
    store.records.forEach((r, id) => {
      if (r.i === undefined && heads && heads[r.p] === undefined) heads[r.p] = id;
    });
    headsCache.set(store, heads);
  }
  return heads;
}

const flat = (s: string) => s.toLowerCase().replace(/\s+/g, '');

function tokenValue(hits: Map<string, Array<{ field: IndexField; type: MatchType }>> | undefined, token: string, isHead: boolean): { value: number; field: IndexField | undefined } {
  let best = { value: 0, field: undefined as IndexField | undefined };
  for (const { field, type } of hits?.get(token) ?? []) {
    const weight = field === 'pinyin' && !isHead ? SECTION_PINYIN_WEIGHT : FIELD_WEIGHTS[field];
    const value = weight * TYPE_FACTORS[type];
    if (value > best.value) best = { value, field };
  }
  return best;
}

/** Best value of each group over the given records (the head counts as context for a section). */
function groupValues(query: ParsedQuery, recordIds: number[], hits: RecordHits, headId: number): Array<{ value: number; field: IndexField | undefined }> {
  return query.groups.map((group) => {
    let best = { value: 0, field: undefined as IndexField | undefined };
    for (const alt of group.alternatives) {
      let min = Infinity;
      let field: IndexField | undefined;
      for (const token of alt.tokens) {
        let tokenBest = { value: 0, field: undefined as IndexField | undefined };
        for (const id of recordIds) {
          const v = tokenValue(hits.get(id), token, id === headId);
          if (v.value > tokenBest.value) tokenBest = v;
        }
        if (tokenBest.value < min) {
          min = tokenBest.value;
          field = tokenBest.field;
        }
      }
      const value = (min === Infinity ? 0 : min) * (alt.synonym ? SYNONYM_FACTOR : 1);
      if (value > best.value) best = { value, field };
    }
    return best;
  });
}

const sum = (values: Array<{ value: number }>) => values.reduce((s, v) => s + v.value, 0);

/** Every required group found (soft groups may be missing); a query of soft groups only needs one of them. */
function satisfies(query: ParsedQuery, values: Array<{ value: number }>): boolean {
  const required = query.groups.map((g, i) => ({ g, v: values[i]?.value ?? 0 })).filter(({ g }) => !g.soft);
  return required.length > 0 ? required.every(({ v }) => v > 0) : values.some((v) => v.value > 0);
}

/** Splits text into parts with every occurrence of the terms marked (rendered as text, never HTML). */
export function highlight(text: string, terms: string[]): Part[] {
  const wanted = [...new Set(terms.filter(Boolean).map((t) => t.toLowerCase()))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [{ text, match: false }];
  const lower = text.toLowerCase();
  // Lower-casing can change lengths (rare letters such as İ): highlight only when it did not.
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: Part[] = [];
  let i = 0;
  let plainStart = 0;
  while (i < text.length) {
    const term = wanted.find((t) => lower.startsWith(t, i));
    if (term) {
      if (i > plainStart) parts.push({ text: text.slice(plainStart, i), match: false });
      parts.push({ text: text.slice(i, i + term.length), match: true });
      i += term.length;
      plainStart = i;
    } else {
      i += 1;
    }
  }
  if (plainStart < text.length) parts.push({ text: text.slice(plainStart), match: false });
  return parts;
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

export function rankPages(query: ParsedQuery, hits: RecordHits, store: SearchStore, limit = 10, highlightTerms: string[] = query.highlights): SearchHit[] {
  return rankAll(query, hits, store, highlightTerms)
    .slice(0, limit)
    .map((r) => r.hit());
}

/** Every page that matches, best first (see the top of this file), each result built when asked for. */
export function rankAll(query: ParsedQuery, hits: RecordHits, store: SearchStore, highlightTerms: string[] = query.highlights): RankedPage[] {
  if (query.groups.length === 0) return [];
  const byPage = new Map<number, number[]>();
  for (const id of hits.keys()) {
    const rec = store.records[id];
    if (!rec) continue;
    const list = byPage.get(rec.p) ?? [];
    list.push(id);
    byPage.set(rec.p, list);
  }
  const phrase = query.phrase;
  const usePhrase = [...phrase].length >= 2;
  const heads0 = headRecords(store);
  // A product intent: some product page's head (name, tagline, keywords) answers the whole query.
  const productIntent = [...byPage.keys()].some((p) => {
    const headId = heads0[p] ?? -1;
    if (!hits.has(headId)) return false;
    const values = groupValues(query, [headId], hits, headId);
    return satisfies(query, values) && values.some((v) => v.field === 'product' && v.value >= FIELD_WEIGHTS.product * SYNONYM_FACTOR);
  });
  const scored: Scored[] = [];
  const heads = heads0;
  for (const [p, recordIds] of byPage) {
    const page = store.pages[p] as StorePage;
    const headId = heads[p] ?? -1;
    const pageValues = groupValues(query, recordIds, hits, headId);
    if (!satisfies(query, pageValues)) continue;
    const headValues = groupValues(query, [headId], hits, headId);
    const sections = recordIds
      .filter((id) => id !== headId)
      .map((id) => {
        const rec = store.records[id];
        const own = groupValues(query, [id], hits, headId);
        const withHead = groupValues(query, [id, headId], hits, headId);
        const headingPhrase = usePhrase && flat(rec?.h ?? '').includes(phrase);
        return { id, rec, own: sum(own) + (headingPhrase ? BONUS.headingPhrase : 0), full: satisfies(query, withHead), headingPhrase };
      })
      .filter((s) => s.own > 0 && s.rec?.i)
      .sort((a, b) => b.own - a.own || a.id - b.id);
    const headFull = satisfies(query, headValues);
    const fullSections = sections.filter((s) => s.full);
    let score = sum(pageValues);
    if (usePhrase && flat(page.t).includes(phrase)) score += BONUS.titlePhrase;
    else if (sections.some((s) => s.headingPhrase)) score += BONUS.headingPhrase;
    else if (usePhrase && flat(page.e).includes(phrase)) score += BONUS.descriptionPhrase;
    if (headFull || fullSections.length > 0) score += BONUS.together;
    if (query.wholes.some((w) => recordIds.some((id) => hits.get(id)?.get(w)?.some((h) => h.type === 'exact')))) score += BONUS.whole;
    if (productIntent && page.k === 'doc') score += BONUS.productDoc;

    const toLink = (s: (typeof sections)[number]): SectionLink => ({
      url: `${page.u}#${s.rec?.i}`,
      heading: s.rec?.h ?? '',
      snippet: highlight(snippetAround(s.rec?.x ?? '', highlightTerms, 80), highlightTerms),
    });
    const bestField = pageValues.reduce((a, b) => (b.value > a.value ? b : a)).field;
    const build = (): SearchHit => {
    if (!headFull && fullSections.length === 1) {
      const only = fullSections[0] as (typeof sections)[number];
      const link = toLink(only);
      return {
        url: link.url,
        kind: page.k,
        title: page.t,
        heading: link.heading,
        crumb: page.c,
        where: 'heading',
        snippet: link.snippet,
        sections: sections.filter((s) => s !== only).slice(0, MAX_SECTIONS - 1).map(toLink),
        score,
      };
    } else {
      const subs = (fullSections.length > 0 ? fullSections : sections).slice(0, MAX_SECTIONS).map(toLink);
      const headRec = store.records[headId];
      const source = headFull ? page.e : (headRec?.x || page.e);
      return {
        url: page.u,
        kind: page.k,
        title: page.t,
        crumb: page.c,
        where: (headFull ? WHERE[bestField ?? 'body'] : 'body') ?? 'body',
        snippet: highlight(snippetAround(source, highlightTerms), highlightTerms),
        sections: subs,
        score,
      };
    }
    };
    scored.push({ page: p, score, date: page.d ?? '', build });
  }
  scored.sort((a, b) => b.score - a.score || b.date.localeCompare(a.date) || a.page - b.page);
  return scored.map((s) => ranked(store.pages[s.page] as StorePage, s.build));
}

/**
 * A one-character query (壳) is no token of the index: its pages are those with the character in
 * their title (first) or a heading, linked like any result.
 */
export function characterHits(char: string, store: SearchStore, limit = 10): SearchHit[] {
  return characterPages(char, store)
    .slice(0, limit)
    .map((r) => r.hit());
}

/** Every page a one-character query finds (see characterHits), best first. */
export function characterPages(char: string, store: SearchStore): RankedPage[] {
  const heads = headRecords(store);
  const titled = store.pages.flatMap((page, p) => (page.t.includes(char) ? [{ page, p, id: heads[p] ?? -1 }] : []));
  const headed = store.records.flatMap((r, id) => (r.i && r.h?.includes(char) && !titled.some((t) => t.p === r.p) ? [{ page: store.pages[r.p] as StorePage, p: r.p, id }] : []));
  const seen = new Set<number>();
  return [...titled, ...headed]
    .filter(({ p }) => !seen.has(p) && seen.add(p))
    .map(({ page, id }) => ranked(page, (): SearchHit => {
      const rec = store.records[id];
      const section = rec?.i ? rec : undefined;
      return {
        url: section ? `${page.u}#${section.i}` : page.u,
        kind: page.k,
        title: page.t,
        ...(section ? { heading: section.h } : {}),
        crumb: page.c,
        where: section ? ('heading' as const) : ('title' as const),
        snippet: highlight(section ? (section.h ?? '') : page.e, [char]),
        sections: [],
        score: 0,
      };
    }));
}
