/**
 * The search engine the reader's browser runs (and the tests and bench in Node): it loads the
 * manifests, then the pieces a query needs (shards.ts), and answers from them. The index it reads
 * is built by build-index.ts.
 *
 * The index maps each token to its postings: the records holding it and in which fields (a bit
 * mask). A token is found exactly; a Latin token also by prefix (3+ letters, in its own shard) and
 * within one edit (5+ letters: the words of its vocabulary file, those with the same first two
 * letters). query.ts reads the query, rank.ts decides what the reader sees.
 */
import type { IndexField } from './documents';
import { parseQuery } from './query';
import { collectHits, type Postings, type TokenMatch } from './hits';
import { characterPages, rankAll, top as rankTop, type RankedPage, type RankSource, type SearchHit } from './rank';
import { CHAR_TOKEN, decodePostingList, LATIN_KEY, NotLoaded, VOCABULARY_MIN, SHARD_VERSION, type ShardSource } from './shards';
import { isLatinToken, tokenize } from './tokenize';

/** Prefix search from this many letters: LATIN_KEY (shards.ts), so the completions share the token's shard. */
export const MIN_PREFIX = LATIN_KEY;
/** Tokens whose decoded postings the engine keeps (forgotten all at once past that). */
const DECODED_TOKENS = 256;
/** Typo search from this many letters (the vocabulary files list words of one letter less: VOCABULARY_MIN). */
export const MIN_FUZZY = VOCABULARY_MIN + 1;
const CJK_SINGLE = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]$/;

/** Tokens of one field of a record. Body text leaves out lone characters (的, 在, a, 1): too common to search for, they would only make the index bigger (docs/decisions/own-search-index.md). */
export function fieldTokens(field: IndexField, text: string): string[] {
  const tokens = tokenize(text);
  return field === 'body' ? tokens.filter((t) => !(CJK_SINGLE.test(t) || (t.length === 1 && isLatinToken(t)))) : tokens;
}

/** True for a query token the index never holds in body text (see fieldTokens). */
export function isBodyStopToken(token: string): boolean {
  return fieldTokens('body', token).length === 0;
}

/** Every result of a query, and the words to mark where the reader lands (src/lib/search/marks.ts). */
export interface SearchResultSet {
  pages: RankedPage[];
  /** The query's words as the index reads them (Simplified, synonyms) and the words typos stood for. */
  terms: string[];
}

/**
 * The engine. Every method is synchronous over what is loaded and throws NotLoaded (shards.ts)
 * when a query needs a piece not fetched yet: run it again once `load` settles (settle() does).
 */
export interface SiteSearch {
  size: number;
  /** The first `limit` results. */
  search(query: string, limit?: number): SearchHit[];
  /** Every result, by base score; each built when asked for (after top() put it in place). */
  searchAll(query: string): SearchResultSet;
  /** The list with its first k results in their final order and their stored text loaded (rank.ts top()). */
  top<T extends RankedPage>(pages: readonly T[], k: number): T[];
  /** Loads (or throws NotLoaded for) the products of every page, for the results page's filters. */
  facets(): void;
}

/** Whether b is a within one edit (insert, delete, substitute) of a. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export function openSiteSearch(src: ShardSource): SiteSearch {
  if (src.index.version !== SHARD_VERSION) throw new Error(`搜索索引的版本 ${String(src.index.version)} 与页面脚本不符：请重新构建站点`);
  const { fields, masks } = src.index;
  const rankSource: RankSource = {
    docs: src.store.docs,
    pageCount: src.store.pages,
    pages: (ids) => src.chunks(ids),
    loaded: (p) => src.hasPage(p),
    page: (p) => src.page(p),
    record: (p, place) => src.record(p, place),
    texts: (ids) => src.textChunks(ids),
    text: (p, place) => src.text(p, place),
    product: (p) => {
      const f = src.facets();
      const c = f.of.charCodeAt(p) - 48;
      return c >= 0 ? f.names[c] : undefined;
    },
  };
  const context = { t2s: src.index.t2s, synonyms: src.index.synonyms };
  // Decoded postings of the tokens met lately: a reader typing a question meets each word again at every keystroke.
  const decoded = new Map<string, Postings>();
  const decode = (token: string, encoded: string): Postings => {
    let postings = decoded.get(token);
    if (!postings) {
      if (decoded.size >= DECODED_TOKENS) decoded.clear();
      decoded.set(token, (postings = decodePostingList(encoded, masks)));
    }
    return postings;
  };
  const rankQuery = (query: string): SearchResultSet => {
    const parsed = parseQuery(query, context);
    const tokens = new Set([...parsed.groups.flatMap((g) => g.alternatives.flatMap((a) => a.tokens)), ...parsed.wholes]);
    const single = CJK_SINGLE.test(parsed.phrase);
    // Every shard the query's tokens (and a one-character query's character) live in, fetched at once.
    const lines = src.shards(single ? [...tokens, `${CHAR_TOKEN}${parsed.phrase}`] : tokens);
    const posting = (token: string): Postings | undefined => {
      const encoded = lines.get(token);
      return encoded === undefined ? undefined : decode(token, encoded);
    };
    const tokenList = [...tokens];
    const found: TokenMatch[] = [];
    const matched = new Set<string>();
    /** Words found only as a typo of a query word: marked where the reader lands (prefixes are found there anyway). */
    const typos = new Set<string>();
    tokenList.forEach((token, t) => {
      const exact = posting(token);
      if (exact) found.push({ token: t, postings: exact, type: 'exact' });
      if (!isLatinToken(token)) return;
      const own = src.shardOfToken(token);
      let prefixed = false;
      if (token.length >= MIN_PREFIX) {
        for (const [term, encoded] of own) {
          if (term === token || !term.startsWith(token) || !isLatinToken(term)) continue;
          prefixed = true;
          matched.add(term);
          found.push({ token: t, postings: decode(term, encoded), type: 'prefix' });
        }
      }
      // A word the index holds as typed (or as the start of a word) is no typo. The words within
      // one edit come from the vocabulary file, their postings from their own shards.
      if (token.length >= MIN_FUZZY && !exact && !prefixed) {
        const typed = src.vocabulary(token).filter((term) => term !== token && withinOneEdit(token, term));
        const typoLines = src.shards(typed);
        for (const term of typed) {
          const encoded = typoLines.get(term);
          if (encoded === undefined) continue;
          matched.add(term);
          typos.add(term);
          found.push({ token: t, postings: decode(term, encoded), type: 'fuzzy' });
        }
      }
    });
    const hits = collectHits(fields, tokenList, found);
    const pages = rankAll(parsed, hits, rankSource, [...parsed.highlights, ...matched]);
    // A lone character of a longer query (机 of 状态机) would mark it all over the page.
    const terms = [...parsed.highlights, ...typos].filter((t) => !CJK_SINGLE.test(t) || t === parsed.phrase);
    if (pages.length === 0 && single) {
      const chars = posting(`${CHAR_TOKEN}${parsed.phrase}`) ?? { ids: new Float64Array(0), masks: new Uint8Array(0) };
      const titleBit = 1 << fields.indexOf('title');
      const titled = Array.from(chars.ids).filter((_, i) => (chars.masks[i] as number) & titleBit);
      const headed = Array.from(chars.ids).filter((_, i) => !((chars.masks[i] as number) & titleBit));
      return { pages: characterPages(parsed.phrase, titled, headed, rankSource), terms: [parsed.phrase] };
    }
    return { pages, terms };
  };
  // A query asked again because its results wanted stored text that has now arrived (top() threw
  // NotLoaded) is not ranked again: at 5,000 pages, a long question fetched its pages in up to five
  // batches and was ranked each time. Any other call ranks afresh.
  let last: { query: string; result: SearchResultSet; waiting: boolean } | undefined;
  const searchAll = (query: string): SearchResultSet => {
    if (last?.query === query && last.waiting) {
      last.waiting = false;
      return last.result;
    }
    const result = rankQuery(query);
    last = { query, result, waiting: false };
    return result;
  };
  const waitingFor = <T>(compute: () => T): T => {
    try {
      return compute();
    } catch (error) {
      if (error instanceof NotLoaded && last) last.waiting = true;
      throw error;
    }
  };
  const topOf = <T extends RankedPage>(pages: readonly T[], k: number) => waitingFor(() => rankTop(pages, k, rankSource));
  return {
    size: src.store.pages,
    searchAll,
    top: topOf,
    facets: () => waitingFor(() => void src.facets()),
    search: (query, limit = 10) =>
      topOf(searchAll(query).pages, limit)
        .slice(0, limit)
        .map((r) => r.hit()),
  };
}

/** An engine that is always the one `current()` returns (the loader and develop move it to a newer build). */
export function delegatingSearch(current: () => SiteSearch): SiteSearch {
  return {
    get size() {
      return current().size;
    },
    search: (query, limit) => current().search(query, limit),
    searchAll: (query) => current().searchAll(query),
    top: (pages, k) => current().top(pages, k),
    facets: () => current().facets(),
  };
}
