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
  record(p: number, place: number): Omit<StoreRecord, 'p'> | undefined;
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
  pages: Array<Array<{ value: number }>>,
  totalPages: number,
): { ok: (values: Array<{ value: number }>) => boolean; total: (values: Array<{ value: number }>) => number } | null {
  const required = query.groups.flatMap((g, i) => (g.soft ? [] : [i]));
  if (required.length < PARTIAL.minGroups) return null;
  const weight = query.groups.map((g, i) => {
    if (g.soft) return 0;
    const holding = pages.filter((values) => (values[i]?.value ?? 0) > 0).length;
    return Math.log(1 + Math.max(totalPages, 1) / Math.max(holding, 1));
  });
  const all = required.reduce((s, i) => s + (weight[i] ?? 0), 0);
  const heaviest = Math.max(...weight);
  const need = Math.max(2, Math.ceil(required.length / 2));
  return {
    ok: (values) => {
      const found = required.filter((i) => (values[i]?.value ?? 0) > 0);
      return found.length >= need && found.reduce((s, i) => s + (weight[i] ?? 0), 0) >= PARTIAL.coverage * all;
    },
    total: (values) => values.reduce((s, v, i) => s + v.value * ((weight[i] ?? 0) / heaviest), 0),
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
  const byPage = new Map<number, number[]>();
  for (const id of hits.keys()) {
    const p = pageOfRecord(id);
    const list = byPage.get(p) ?? [];
    list.push(id);
    byPage.set(p, list);
  }
  const phrase = query.phrase;
  const usePhrase = [...phrase].length >= 2;
  // A product intent: some product page's head (name, tagline, keywords) answers the whole query.
  const productIntent = [...byPage.keys()].some((p) => {
    const headId = p * RECORD_SPAN;
    if (!hits.has(headId)) return false;
    const values = groupValues(query, [headId], hits, headId);
    return satisfies(query, values) && values.some((v) => v.field === 'product' && v.value >= FIELD_WEIGHTS.product * SYNONYM_FACTOR);
  });
  const pagesValues = [...byPage].map(([p, recordIds]) => ({ p, recordIds, values: groupValues(query, recordIds, hits, p * RECORD_SPAN) }));
  // Every required group in the page; and for a question or a long phrase (partialMatch), also
  // the pages holding most of its informative words, ranked by those.
  const strict = (values: Array<{ value: number }>) => satisfies(query, values);
  let ok = strict;
  let total = sum;
  const partial = partialMatch(
    query,
    pagesValues.map((e) => e.values),
    src.pageCount,
  );
  if (partial) {
    ok = (values) => strict(values) || partial.ok(values);
    total = (values) => (strict(values) ? sum(values) : partial.total(values));
  }
  const out: RankedPage[] = [];
  for (const { p, recordIds, values: pageValues } of pagesValues) {
    const kind = p < src.docs ? 'doc' : 'post';
    const headId = p * RECORD_SPAN;
    if (!ok(pageValues)) continue;
    const headValues = groupValues(query, [headId], hits, headId);
    const sectionsBase = recordIds
      .filter((id) => id !== headId)
      .map((id) => ({ id, own: total(groupValues(query, [id], hits, headId)), full: ok(groupValues(query, [id, headId], hits, headId)) }))
      .filter((s) => s.own > 0);
    const headFull = ok(headValues);
    let base = total(pageValues);
    if (!strict(pageValues) && base < PARTIAL.minScore) continue;
    if (headFull || sectionsBase.some((s) => s.full)) base += BONUS.together;
    if (
      query.wholes.some((w) =>
        recordIds.some((id) =>
          hits
            .get(id)
            ?.get(w)
            ?.some((h) => h.type === 'exact'),
        ),
      )
    )
      base += BONUS.whole;
    if (productIntent && kind === 'doc') base += BONUS.productDoc;
    // The phrase bonus needs the stored title/headings/description; which fields were hit bounds it.
    // The query's text in a field means its words, as typed (not a synonym), are there: every required group found in that field of that record.
    const inField = (id: number, field: IndexField) =>
      query.groups.every(
        (g) =>
          g.soft ||
          g.alternatives.some(
            (a) =>
              !a.synonym &&
              a.tokens.every((t) =>
                hits
                  .get(id)
                  ?.get(t)
                  ?.some((h) => h.field === field),
              ),
          ),
      );
    const bound = !usePhrase ? 0 : inField(headId, 'title') ? BONUS.titlePhrase : sectionsBase.some((s) => inField(s.id, 'heading')) ? BONUS.headingPhrase : inField(headId, 'meta') ? BONUS.descriptionPhrase : 0;

    let detail: { final: number; build: () => SearchHit } | undefined;
    const resolve = () => {
      if (detail) return detail;
      src.pages([p]);
      const page = src.page(p);
      const sections = sectionsBase
        .map((s) => {
          const rec = src.record(p, s.id - headId);
          const headingPhrase = usePhrase && flat(rec?.h ?? '').includes(phrase);
          return { ...s, rec, own: s.own + (headingPhrase ? BONUS.headingPhrase : 0), headingPhrase };
        })
        .filter((s) => s.rec?.i)
        .sort((a, b) => b.own - a.own || a.id - b.id);
      const fullSections = sections.filter((s) => s.full);
      let score = base;
      if (usePhrase && flat(page.t).includes(phrase)) score += BONUS.titlePhrase;
      else if (sections.some((s) => s.headingPhrase)) score += BONUS.headingPhrase;
      else if (usePhrase && flat(page.e).includes(phrase)) score += BONUS.descriptionPhrase;
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
        const headRec = src.record(p, 0);
        const source = headFull ? page.e : headRec?.x || page.e;
        return {
          url: page.u,
          kind,
          title: page.t,
          crumb: page.c,
          where: (headFull ? WHERE[bestField ?? 'body'] : 'body') ?? 'body',
          snippet: highlight(snippetAround(source, highlightTerms), highlightTerms),
          sections: subs,
          score,
        };
      };
      let hit: SearchHit | undefined;
      detail = { final: score, build: () => (hit ??= build()) };
      return detail;
    };
    out.push(
      rankedPage(
        p,
        kind,
        base,
        bound,
        src,
        () => resolve().final,
        () => resolve().build(),
      ),
    );
  }
  return sortByBase(out, src.docs);
}

function rankedPage(page: number, kind: 'post' | 'doc', base: number, bound: number, src: RankSource, final: () => number, hit: () => SearchHit): RankedPage {
  return {
    page,
    kind,
    base,
    bound,
    get url() {
      return src.page(page).u;
    },
    get product() {
      return src.product(page);
    },
    final,
    hit,
  };
}

function sortByBase(list: RankedPage[], docs: number): RankedPage[] {
  return list.sort((a, b) => b.base - a.base || tieKey(a, docs) - tieKey(b, docs));
}

/**
 * The list with its first k results in their final order: besides the first k by base score,
 * only pages whose base score plus the most their phrase bonus could add reaches the k-th base
 * score can be among the first k (a page that can get no bonus keeps its place behind them), so
 * only their stored text is loaded (NotLoaded until it is). The rest follow in base order. Works on any
 * sub-list of rankAll()'s (the results page's filters keep its order).
 */
export function top<T extends RankedPage>(list: readonly T[], k: number, src: Pick<RankSource, 'docs' | 'pages' | 'loaded'>): T[] {
  if (list.length === 0 || k <= 0) return [...list];
  const kth = list[Math.min(k, list.length) - 1] as T;
  // Beyond the first k (in base order), a page without a possible bonus keeps its place behind them.
  const contender = (r: T, i: number) => i < k || (r.bound > 0 && r.base + r.bound >= kth.base);
  const contenders = list.filter(contender);
  const rest = list.filter((r, i) => !contender(r, i));
  // Highest possible score first; stop at the first page that cannot reach the k-th final score,
  // so only the stored text of pages that can be among the first k is fetched (TOP_BATCH at a time).
  const tie = (r: T) => tieKey(r, src.docs);
  const byUpper = [...contenders].sort((a, b) => b.base + b.bound - (a.base + a.bound) || tie(a) - tie(b));
  const finals: Array<{ r: T; f: number }> = [];
  const better = (a: { r: T; f: number }, b: { r: T; f: number }) => b.f - a.f || tie(a.r) - tie(b.r);
  let stop = byUpper.length;
  for (let i = 0; i < byUpper.length; i += 1) {
    const r = byUpper[i] as T;
    // The download stays bounded however many pages tie at the top (thousands of pages that hold a
    // common word once): the rest keep their base order behind the pages scored.
    if (i >= Math.max(k, TOP_LIMIT)) {
      stop = i;
      break;
    }
    const at = finals.length >= k ? [...finals].sort(better)[k - 1] : undefined;
    if (at && better({ r, f: r.base + r.bound }, at) > 0) {
      stop = i;
      break;
    }
    if (!src.loaded(r.page)) src.pages(byUpper.slice(i, i + TOP_BATCH).map((x) => x.page));
    finals.push({ r, f: r.final() });
  }
  const decided = new Set(byUpper.slice(0, stop));
  return [...finals.sort(better).map((o) => o.r), ...contenders.filter((r) => !decided.has(r)), ...rest];
}

/** Pages whose stored text top() fetches at once. */
export const TOP_BATCH = 10;
/**
 * At most this many pages' stored text per query (five batches, about 40 KB gzip): at 5,000
 * pages a word in a thousand of them left every one a contender, and a first query fetched
 * 500+ chunks (780 KB).
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
    // The order is the list's: a falling base score keeps it, and top() loads only the first k.
    return rankedPage(
      p,
      p < src.docs ? 'doc' : 'post',
      -i,
      0,
      src,
      () => -i,
      () => (hit ??= build()),
    );
  });
}
