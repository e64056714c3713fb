/**
 * Building the search index, at build time (gatsby/search) and in the tests and bench: each
 * record's fields tokenized (site-search.ts fieldTokens), the postings gathered, serialized
 * compactly (one line per token, record numbers delta-coded in base 36, field masks as one
 * letter) and split into the shards a reader fetches (shards.ts: a CJK token by itself, a Latin
 * one by its first three letters). Nothing here runs in the browser.
 */
import { INDEX_FIELDS, type IndexRecord, type SearchIndexMeta, type SearchStore, type IndexField } from './documents';
import { MASK_LETTERS, parseShard, scanPostings, shardSearchFiles, ShardSource, type ShardedFiles } from './shards';
import { fieldTokens, openSiteSearch, type SiteSearch } from './site-search';

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

/**
 * fieldTokens() that remembers, for a process that builds the index again after every edit
 * (`gatsby develop`): a field text tokenized for the last build is not tokenized again (tokenizing
 * every record was most of each rebuild: docs/decisions/develop-settings.md). endBuild() forgets
 * what the build just made did not use, so the memory follows the content.
 */
export interface FieldTokensCache {
  tokens: typeof fieldTokens;
  endBuild(): void;
}

/**
 * `tokens` with each token replaced by the one string `distinct` holds for it. A field's tokens are
 * new strings each time it is tokenized: on a large site many times as many strings as distinct
 * tokens, all held by a cache with their fields (figures: docs/decisions/build-at-scale.md).
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
  // takes 8 bytes an element and keeps spare room, this 4 bytes and none spare, less than half the
  // heap for the same postings (figures: docs/decisions/build-at-scale.md).
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

/** An engine over a whole index and store held in memory (tests, bench): nothing left to fetch. */
export function loadSiteSearch(file: SearchIndexFile, store: SearchStore): SiteSearch {
  if (file.version !== INDEX_VERSION) throw new Error(`搜索索引的版本 ${String(file.version)} 与页面脚本不符：请重新构建站点`);
  const sharded = shardFiles(file, store);
  const src = new ShardSource({ build: '', ...sharded.index }, { build: '', ...sharded.store }, (name) => Promise.reject(new Error(`${name} 不存在`)), sharded.files);
  return openSiteSearch(src);
}
