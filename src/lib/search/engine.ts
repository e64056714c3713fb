/**
 * The search engine, shared by the build (which fills and serializes it), the tests and bench
 * (which run it in Node) and the browser (which loads the two files).
 *
 * The index maps each token to its postings: the records holding it and in which fields (a bit
 * mask). It is serialized compactly (one line per token, record numbers delta-coded in base 36,
 * field masks as one letter) and loaded into MiniSearch's SearchableMap, a radix tree that finds
 * a token exactly, by prefix (Latin, 3+ letters) or within one edit (Latin, 5+ letters).
 * query.ts reads the query, rank.ts decides what the reader sees.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { INDEX_FIELDS, type IndexField, type IndexRecord, type SearchIndexMeta, type SearchStore } from './documents';
import { parseQuery } from './query';
import { characterPages, rankAll, type MatchType, type RankedPage, type RecordHits, type SearchHit } from './rank';
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

export const MIN_PREFIX = 3;
export const MIN_FUZZY = 5;
const MASK_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ!$%&*+-./:;<=>?@^_~';
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

export function cachedFieldTokens(): FieldTokensCache {
  let previous = new Map<string, string[]>();
  let current = new Map<string, string[]>();
  return {
    tokens(field, text) {
      const key = `${field}\u0000${text}`;
      const tokens = current.get(key) ?? previous.get(key) ?? fieldTokens(field, text);
      current.set(key, tokens);
      return tokens;
    },
    endBuild() {
      previous = current;
      current = new Map();
    },
  };
}

export function buildIndexFile(records: IndexRecord[], meta: SearchIndexMeta, tokensOf: typeof fieldTokens = fieldTokens): SearchIndexFile {
  const postings = new Map<string, Map<number, number>>();
  records.forEach((record, id) => {
    INDEX_FIELDS.forEach((field, bit) => {
      const text = record[field];
      if (!text) return;
      for (const token of tokensOf(field, text)) {
        const list = postings.get(token) ?? new Map<number, number>();
        list.set(id, (list.get(id) ?? 0) | (1 << bit));
        postings.set(token, list);
      }
    });
  });
  const masks = [...new Set([...postings.values()].flatMap((list) => [...list.values()]))].sort((a, b) => a - b);
  if (masks.length > MASK_LETTERS.length) throw new Error(`搜索索引：字段组合 ${masks.length} 种，超过 ${MASK_LETTERS.length}`);
  const letter = new Map(masks.map((m, i) => [m, MASK_LETTERS[i] as string]));
  const lines = [...postings.keys()].sort().map((token) => {
    let previous = 0;
    const encoded = [...(postings.get(token) as Map<number, number>)]
      .sort((a, b) => a[0] - b[0])
      .map(([id, mask]) => {
        const delta = id - previous;
        previous = id;
        return `${letter.get(mask)}${delta.toString(36)}`;
      })
      .join('');
    return `${token}\t${encoded}`;
  });
  return { version: INDEX_VERSION, fields: [...INDEX_FIELDS], masks, ...meta, postings: lines.join('\n') };
}

type Posting = Array<[number, number]>;

/** The postings text → token → its still-encoded postings (decoded when a query needs them). */
export function postingLines(file: SearchIndexFile): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of file.postings.split('\n')) {
    const tab = line.indexOf('\t');
    map.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return map;
}

/** One token's encoded postings → [record, field mask] pairs. */
export function decodePosting(encoded: string, masks: number[]): Posting {
  const list: Posting = [];
  let id = 0;
  for (const m of encoded.matchAll(/([^0-9a-z])([0-9a-z]+)/g)) {
    id += parseInt(m[2] as string, 36);
    list.push([id, masks[MASK_LETTERS.indexOf(m[1] as string)] ?? 0]);
  }
  return list;
}

/** Every token with its decoded postings (tests and tools; the browser decodes per query). */
export function decodePostings(file: SearchIndexFile): Map<string, Posting> {
  return new Map([...postingLines(file)].map(([token, encoded]) => [token, decodePosting(encoded, file.masks)]));
}

/** Every result of a query, and the words to mark where the reader lands (src/lib/search/marks.ts). */
export interface SearchResultSet {
  pages: RankedPage[];
  /** The query's words as the index reads them (Simplified, synonyms) and the words typos stood for. */
  terms: string[];
}

export interface SiteSearch {
  size: number;
  /** The first `limit` results. */
  search(query: string, limit?: number): SearchHit[];
  /** Every result, each built when asked for. */
  searchAll(query: string): SearchResultSet;
}

export function loadSiteSearch(file: SearchIndexFile, store: SearchStore): SiteSearch {
  if (file.version !== INDEX_VERSION) throw new Error(`搜索索引的版本 ${String(file.version)} 与页面脚本不符：请重新构建站点`);
  const lines = postingLines(file);
  // Prefix and typo lookups are for Latin tokens only: the radix tree holds just those.
  const tree = SearchableMap.from<true>([...lines.keys()].filter(isLatinToken).map((token) => [token, true] as [string, true]));
  const posting = (token: string): Posting | undefined => {
    const encoded = lines.get(token);
    return encoded === undefined ? undefined : decodePosting(encoded, file.masks);
  };
  const fields = file.fields;
  const context = { t2s: file.t2s, synonyms: file.synonyms };
  const add = (hits: RecordHits, token: string, posting: Posting, type: MatchType) => {
    for (const [id, mask] of posting) {
      const record = hits.get(id) ?? new Map<string, Array<{ field: IndexField; type: MatchType }>>();
      const list = record.get(token) ?? [];
      fields.forEach((field, bit) => {
        if (mask & (1 << bit)) list.push({ field, type });
      });
      record.set(token, list);
      hits.set(id, record);
    }
  };
  const searchAll = (query: string): SearchResultSet => {
    const parsed = parseQuery(query, context);
    const tokens = new Set([...parsed.groups.flatMap((g) => g.alternatives.flatMap((a) => a.tokens)), ...parsed.wholes]);
    const hits: RecordHits = new Map();
    const matched = new Set<string>();
    /** Words found only as a typo of a query word: marked where the reader lands (prefixes are found there anyway). */
    const typos = new Set<string>();
    for (const token of tokens) {
      const exact = posting(token);
      if (exact) add(hits, token, exact, 'exact');
      if (!isLatinToken(token)) continue;
      let prefixed = false;
      if (token.length >= MIN_PREFIX) {
        for (const [term] of tree.atPrefix(token)) {
          if (term === token) continue;
          prefixed = true;
          matched.add(term);
          add(hits, token, posting(term) ?? [], 'prefix');
        }
      }
      // A word the index holds as typed (or as the start of a word) is no typo.
      if (token.length >= MIN_FUZZY && !exact && !prefixed) {
        for (const [term, [, distance]] of tree.fuzzyGet(token, 1)) {
          if (distance === 0) continue;
          matched.add(term);
          typos.add(term);
          add(hits, token, posting(term) ?? [], 'fuzzy');
        }
      }
    }
    const pages = rankAll(parsed, hits, store, [...parsed.highlights, ...matched]);
    // A lone character of a longer query (机 of 状态机) would mark it all over the page.
    const terms = [...parsed.highlights, ...typos].filter((t) => !CJK_SINGLE.test(t) || t === parsed.phrase);
    return pages.length === 0 && CJK_SINGLE.test(parsed.phrase) ? { pages: characterPages(parsed.phrase, store), terms: [parsed.phrase] } : { pages, terms };
  };
  return {
    size: store.pages.length,
    searchAll,
    search: (query, limit = 10) =>
      searchAll(query)
        .pages.slice(0, limit)
        .map((r) => r.hit()),
  };
}
