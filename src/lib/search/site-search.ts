/**
 * The search engine, shared by the build (which fills and serializes it), the tests and bench
 * (which run it in Node) and the browser (which loads the manifests and then the pieces a query
 * needs: shards.ts).
 *
 * The index maps each token to its postings: the records holding it and in which fields (a bit
 * mask). It is serialized compactly (one line per token, record numbers delta-coded in base 36,
 * field masks as one letter), then split into shards (shards.ts: a CJK token by itself, a Latin
 * one by its first three letters). A token is found exactly; a Latin token also by prefix (3+
 * letters, in its own shard) and within one edit (5+ letters: the words of its vocabulary file,
 * those with the same first two letters).
 * query.ts reads the query, rank.ts decides what the reader sees.
 */
import { INDEX_FIELDS, type IndexField, type IndexRecord, type SearchIndexMeta, type SearchStore } from './documents';
import { parseQuery } from './query';
import { collectHits, type Postings, type TokenMatch } from './hits';
import { characterPages, rankAll, top as rankTop, type RankedPage, type RankSource, type SearchHit } from './rank';
import { CHAR_TOKEN, decodePostingList, LATIN_KEY, MASK_LETTERS, NotLoaded, VOCABULARY_MIN, parseShard, scanPostings, SHARD_VERSION, shardSearchFiles, ShardSource, type ShardedFiles } from './shards';
import { isLatinToken, tokenize } from './tokenize';

export const INDEX_VERSION = 2;

/** The index file: the folding tables and the postings. */
export interface SearchIndexFile extends SearchIndexMeta {
  version: typeof INDEX_VERSION;
  fields: IndexField[];
  /** Field-mask letters: MASKS[i] is the mask written as MASK_LETTERS[i]. */
  masks: number[];
  /** `token<TAB>postings` lines, tokens sorted. */
  postings: string;
}

/** Prefix search from this many letters: LATIN_KEY (shards.ts), so the completions share the token's shard. */
export const MIN_PREFIX = LATIN_KEY;
/** Tokens whose decoded postings the engine keeps (forgotten all at once past that). */
const DECODED_TOKENS = 256;
/** Typo search from this many letters (the vocabulary files list words of one letter less: VOCABULARY_MIN). */
export const MIN_FUZZY = VOCABULARY_MIN + 1;
const CJK_SINGLE = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]$/;

/** Tokens of one field of a record. Body text leaves out lone characters (的, 在, a, 1): too common to search for, they would be a tenth of the index. */
export function fieldTokens(field: IndexField, text: string): string[] {
  const tokens = tokenize(text);
  return field === 'body' ? tokens.filter((t) => !(CJK_SINGLE.test(t) || (t.length === 1 && isLatinToken(t)))) : tokens;
}

/** True for a query token the index never holds in body text (see fieldTokens). */
export function isBodyStopToken(token: string): boolean {
  return fieldTokens('body', token).length === 0;
}

/**
 * fieldTokens() that remembers, for a process that builds the index again after every edit
 * (`gatsby develop`): a field text tokenized for the last build is not tokenized again (measured:
 * tokenizing every record was ~0.4 s of each rebuild). endBuild() forgets what the build just made
 * did not use, so the memory follows the content.
 */
export interface FieldTokensCache {
  tokens: typeof fieldTokens;
  endBuild(): void;
}

/**
 * `tokens` with each token replaced by the one string `distinct` holds for it. A field's tokens are
 * new strings each time it is tokenized: 4.3 million of them, for 92,000 distinct tokens, in a
 * 5,000-page site's first build, all held by a cache with their fields (about 100 MB of heap).
 */
export function shareTokens(tokens: string[], distinct: Map<string, string>): string[] {
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    const shared = distinct.get(token);
    if (shared === undefined) distinct.set(token, token);
    else tokens[i] = shared;
  }
  return tokens;
}

export function cachedFieldTokens(): FieldTokensCache {
  let previous = new Map<string, string[]>();
  let current = new Map<string, string[]>();
  // Per build, like `current`: what a build no longer uses goes with it.
  let distinct = new Map<string, string>();
  return {
    tokens(field, text) {
      const key = `${field}\u0000${text}`;
      const tokens = current.get(key) ?? previous.get(key) ?? shareTokens(fieldTokens(field, text), distinct);
      current.set(key, tokens);
      return tokens;
    },
    endBuild() {
      previous = current;
      current = new Map();
      distinct = new Map();
    },
  };
}

/** Each token's postings as flat [record, field mask, record, field mask, …], records ascending; and the field masks used, ascending. */
export interface IndexPostings {
  postings: Map<string, PostingList>;
  masks: number[];
}

/** Flat [record, field mask, …] pairs: the build's are Int32Arrays (see indexPostings). */
export type PostingList = ArrayLike<number>;

export function indexPostings(records: IndexRecord[], tokensOf: typeof fieldTokens = fieldTokens): IndexPostings {
  // Records are visited in order, so each list is already sorted and a record's fields meet at the list's end.
  const lists = new Map<string, number[]>();
  records.forEach((record, id) => {
    INDEX_FIELDS.forEach((field, bit) => {
      const text = record[field];
      if (!text) return;
      for (const token of tokensOf(field, text)) {
        let list = lists.get(token);
        if (!list) lists.set(token, (list = []));
        const end = list.length;
        if (end && list[end - 2] === id) list[end - 1] = (list[end - 1] as number) | (1 << bit);
        else list.push(id, 1 << bit);
      }
    });
  });
  // Built, each list becomes an Int32Array of its own length: a growable array of small integers
  // takes 8 bytes an element and keeps spare room (at 5,000 pages about 110 MB of postings), this
  // 4 bytes (about 50 MB with each array's own header).
  const postings = new Map<string, PostingList>();
  const used = new Set<number>();
  for (const [token, list] of lists) {
    for (let i = 1; i < list.length; i += 2) used.add(list[i] as number);
    postings.set(token, Int32Array.from(list));
    lists.delete(token);
  }
  return { postings, masks: [...used].sort((a, b) => a - b) };
}

/** The index file of indexPostings()' result. */
export function encodeIndexFile({ postings, masks }: IndexPostings, meta: SearchIndexMeta): SearchIndexFile {
  if (masks.length > MASK_LETTERS.length) throw new Error(`搜索索引：字段组合 ${masks.length} 种，超过 ${MASK_LETTERS.length}`);
  const letter = new Map(masks.map((m, i) => [m, MASK_LETTERS[i] as string]));
  const lines = [...postings.keys()].sort().map((token) => {
    const list = postings.get(token) as PostingList;
    let previous = 0;
    let encoded = '';
    for (let i = 0; i < list.length; i += 2) {
      const id = list[i] as number;
      encoded += `${letter.get(list[i + 1] as number)}${(id - previous).toString(36)}`;
      previous = id;
    }
    return `${token}\t${encoded}`;
  });
  return { version: INDEX_VERSION, fields: [...INDEX_FIELDS], masks, ...meta, postings: lines.join('\n') };
}

export function buildIndexFile(records: IndexRecord[], meta: SearchIndexMeta, tokensOf: typeof fieldTokens = fieldTokens): SearchIndexFile {
  return encodeIndexFile(indexPostings(records, tokensOf), meta);
}

type Posting = Array<[number, number]>;

/** The postings text → token → its still-encoded postings. */
export function postingLines(file: SearchIndexFile): Map<string, string> {
  return parseShard(file.postings);
}

/** One token's encoded postings (global record ids) → [record, field mask] pairs. */
export function decodePosting(encoded: string, masks: number[]): Posting {
  const list: Posting = [];
  let id = 0;
  scanPostings(encoded, (letter, delta) => {
    id += delta;
    list.push([id, masks[letter] ?? 0]);
  });
  return list;
}

/** Every token with its decoded postings, flat as indexPostings() makes them (tests and tools; the browser decodes per query). */
export function decodePostings(file: SearchIndexFile): Map<string, number[]> {
  return new Map([...postingLines(file)].map(([token, encoded]) => [token, decodePosting(encoded, file.masks).flat()]));
}

/**
 * The index and store of a build split into what a reader fetches (shards.ts). The build passes
 * the postings it encoded the index from (`postings`); without them they are decoded from the file.
 */
export function shardFiles(file: SearchIndexFile, store: SearchStore, postings: Map<string, PostingList> = decodePostings(file)): ShardedFiles {
  const docs = store.pages.findIndex((p) => p.k !== 'doc');
  return shardSearchFiles(file, postings, store, docs < 0 ? store.pages.length : docs);
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

/** An engine over a whole index and store held in memory (tests, bench): nothing left to fetch. */
export function loadSiteSearch(file: SearchIndexFile, store: SearchStore): SiteSearch {
  if (file.version !== INDEX_VERSION) throw new Error(`搜索索引的版本 ${String(file.version)} 与页面脚本不符：请重新构建站点`);
  const sharded = shardFiles(file, store);
  const src = new ShardSource({ build: '', ...sharded.index }, { build: '', ...sharded.store }, (name) => Promise.reject(new Error(`${name} 不存在`)), sharded.files);
  return openSiteSearch(src);
}
