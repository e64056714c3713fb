/**
 * The search files as a reader fetches them: two small manifests (the index manifest and the
 * documents manifest, at the fixed names of files.ts) and, in a folder named by the build id,
 * the pieces a query needs:
 *
 *   - postings shards `p<n>.txt`: every token's postings, a token in shard hash(key) mod N where the
 *     key is a CJK token itself or a Latin token's first three letters (LATIN_KEY), so a query
 *     fetches one shard per distinct key of its tokens, and a Latin token's prefix completions are
 *     in its own shard;
 *   - vocabulary files `v<n>.txt`: the Latin words of four letters and more, a word in file
 *     hash(its first two letters) mod V, fetched only to look for a typo (a word of five letters or
 *     more found neither whole nor as a prefix): the words within one edit of it (from the third
 *     letter on) are there, and then their shards are fetched;
 *   - document chunks `d<k>.json`: the title, URL, breadcrumb, excerpt and section headings of
 *     CHUNK_PAGES consecutive pages, fetched for the pages that can be among the results shown
 *     (what the phrase bonus reads: rank.ts top());
 *   - texts chunks `x<k>.json`: the opening of each section of the same pages, for the snippets,
 *     fetched only for the results shown (half a document chunk's bytes: at 5,000 pages a query
 *     whose top pages tie reads the headings of 50 pages to order them, and shows ten);
 *   - `f.json`: the product each page is filed under, for the results page's filters only.
 *
 * The manifests' size does not grow with the number of pages (the number of shards and chunks is
 * a count, not a list). Shard and chunk names live under the build id, so a reader never mixes the
 * pieces of two builds: an old manifest's pieces answer 404 once the folder is gone, and the
 * loader then fetches both manifests again past the HTTP cache (src/components/search/remote-engine.ts).
 * The folder's files are immutable for a year (deploy/http-rules.mjs).
 */
import type { IndexField, SearchIndexMeta, SearchStore, StorePage, StoreRecord } from './documents';
import { RECORD_SPAN } from './rank';
import type { Postings } from './hits';
import { isLatinToken } from './tokenize';

export { RECORD_SPAN };

export const SHARD_VERSION = 4;

/** The index manifest (SEARCH_INDEX_PATH): everything a query is folded with, and how many postings shards there are. */
export interface IndexManifest extends SearchIndexMeta {
  build: string;
  version: typeof SHARD_VERSION;
  fields: IndexField[];
  /** Field-mask letters: masks[i] is the mask written as MASK_LETTERS[i]. */
  masks: number[];
  /** Postings shards p0.txt … p<shards-1>.txt. */
  shards: number;
  /** Vocabulary files v0.txt … v<vocabularies-1>.txt. */
  vocabularies: number;
}

/** The documents manifest (SEARCH_STORE_PATH). */
export interface StoreManifest {
  build: string;
  /** Pages indexed: 0 means the site has nothing to search (the box says so). */
  pages: number;
  /** Pages 0 … docs-1 are docs, the rest posts, newest first (so the order of pages breaks ties). */
  docs: number;
  /** Pages per document chunk. */
  chunk: number;
}

/** A document chunk: its pages, and each page's records (the head first, then its sections) without their text. */
export interface StoreChunk {
  pages: StorePage[];
  records: Array<Array<Omit<StoreRecord, 'p' | 'x'>>>;
}

/** A texts chunk: per page of the document chunk of the same number, each record's text (x), '' for none. */
export type TextsChunk = string[][];

export interface FacetsFile {
  names: string[];
  /** One character a page: '-' for none, else String.fromCharCode(48 + index in names). */
  of: string;
}

/**
 * What one query may cost a reader, gzip, at any size of the site (docs/search.md): a fresh
 * visitor's first query (the engine chunk, both manifests, the query's pieces) and each later
 * query (the pieces it needs that the session has not fetched). Checked in the browser
 * (__tests__/e2e/search.test.ts) and on the grown site, a few hundred pages more (__tests__/e2e-prefix/search-scale.test.ts).
 */
export const QUERY_BUDGET = { first: 150 * 1024, later: 60 * 1024 };

export const MASK_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ!$%&*+-./:;<=>?@^_~';
const MASK_OF_CODE: Array<number | undefined> = [];
for (let i = 0; i < MASK_LETTERS.length; i += 1) MASK_OF_CODE[MASK_LETTERS.charCodeAt(i)] = i;
/** Pages per document chunk: ten results touch about ten chunks, each one or two KB gzip. */
export const CHUNK_PAGES = 2;
/** Uncompressed postings a shard holds at most on average (about a third of that gzip). */
export const SHARD_TARGET_BYTES = 12_000;
/**
 * Letters of a Latin token that decide its shard: a prefix search (three letters and up) stays in
 * the token's shard. With two, on a large site a key such as `ma` (manager, manifest, …) made one
 * of the largest shards, and a long question fetched several of them (figures:
 * docs/decisions/search-at-scale.md).
 */
export const LATIN_KEY = 3;
/** The shortest word a vocabulary file lists: one edit from a five-letter query word (site-search.ts MIN_FUZZY). */
export const VOCABULARY_MIN = 4;
/** Uncompressed words a vocabulary file holds at most on average. */
export const VOCABULARY_TARGET_BYTES = 24_000;
/** The token under which a CJK character of a title or heading is indexed (one-character queries). */
export const CHAR_TOKEN = '~';

const CJK_START = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

export const postingsName = (shard: number) => `p${shard}.txt`;
export const chunkName = (chunk: number) => `d${chunk}.json`;
export const vocabularyName = (n: number) => `v${n}.txt`;
export const textsName = (chunk: number) => `x${chunk}.json`;
export const FACETS_NAME = 'f.json';

/**
 * What decides a token's shard: a CJK token itself (a character of a one-character query with
 * its mark), a Latin token's first LATIN_KEY letters. Keyed by the first character, the tokens of
 * a common one (的, 系) made the largest shards of a large site (docs/decisions/search-at-scale.md).
 */
export function shardKey(token: string): string {
  const t = token.startsWith(CHAR_TOKEN) ? token.slice(1) : token;
  return CJK_START.test(t) ? token : t.slice(0, LATIN_KEY);
}

/** FNV-1a of a key, modulo a count. */
function hashOf(key: string, count: number): number {
  let h = 0x811c9dc5;
  for (const ch of key) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % count;
}

export function shardOf(token: string, shards: number): number {
  return hashOf(shardKey(token), shards);
}

/** The vocabulary file of a Latin word: by its first two letters. */
export function vocabularyOf(word: string, vocabularies: number): number {
  return hashOf(word.slice(0, 2), vocabularies);
}

/** One token's postings as written in a shard: [record id, field mask] pairs, page-delta coded. */
export function encodePostings(list: Array<[number, number]>, letter: (mask: number) => string): string {
  let previous = 0;
  return list
    .map(([id, mask]) => {
      const page = Math.floor(id / RECORD_SPAN);
      const place = id % RECORD_SPAN;
      const out = `${letter(mask)}${(page - previous).toString(36)}${place ? `,${place.toString(36)}` : ''}`;
      previous = page;
      return out;
    })
    .join('');
}

/**
 * Reads encoded postings, the index's (`<mask letter><id delta>`) and a shard's (`<mask letter>
 * <page delta>[,<place>]`), both base 36: calls `visit` with each posting's mask (its letter's
 * place in MASK_LETTERS), its first number and the number after a comma (-1 when none). Read by
 * hand: a regular expression and a pair per posting slowed every query on a large site, and each
 * build's index (figures: docs/decisions/search-at-scale.md).
 */
export function scanPostings(encoded: string, visit: (letter: number, first: number, second: number) => void): void {
  let letter = -1;
  let first = 0;
  let second = -1;
  for (let i = 0; i < encoded.length; i += 1) {
    const code = encoded.charCodeAt(i);
    const next = MASK_OF_CODE[code];
    if (next !== undefined) {
      if (letter >= 0) visit(letter, first, second);
      letter = next;
      first = 0;
      second = -1;
    } else if (code === 44) second = 0;
    else if (second >= 0) second = second * 36 + digit36(code);
    else first = first * 36 + digit36(code);
  }
  if (letter >= 0) visit(letter, first, second);
}

const digit36 = (code: number) => (code <= 57 ? code - 48 : code - 87);

/** How many postings an encoded list holds (one mask letter each). */
function postingCount(encoded: string): number {
  let count = 0;
  for (let i = 0; i < encoded.length; i += 1) if (MASK_OF_CODE[encoded.charCodeAt(i)] !== undefined) count += 1;
  return count;
}

/** One token's postings as written in a shard → record ids (ascending) and field masks. */
export function decodePostingList(encoded: string, masks: number[]): Postings {
  const count = postingCount(encoded);
  const ids = new Float64Array(count);
  const fieldMasks = new Uint8Array(count);
  let page = 0;
  let n = 0;
  scanPostings(encoded, (letter, pageDelta, place) => {
    page += pageDelta;
    ids[n] = page * RECORD_SPAN + Math.max(place, 0);
    fieldMasks[n] = masks[letter] ?? 0;
    n += 1;
  });
  return { ids, masks: fieldMasks };
}

/** The same as [record id, field mask] pairs. */
export function decodePostings(encoded: string, masks: number[]): Array<[number, number]> {
  const { ids, masks: fieldMasks } = decodePostingList(encoded, masks);
  return Array.from(ids, (id, i) => [id, fieldMasks[i] as number]);
}

const parseJson = <T>(text: string) => JSON.parse(text) as T;

/** Shard text → token → encoded postings. */
export function parseShard(text: string): Map<string, string> {
  const map = new Map<string, string>();
  if (!text) return map;
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    map.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return map;
}

/** Every file of a build: the two manifests and the pieces (by name, under the build's folder). */
export interface ShardedFiles {
  index: Omit<IndexManifest, 'build'>;
  store: Omit<StoreManifest, 'build'>;
  files: Map<string, string>;
}

/**
 * Splits an index (token → flat [global record id, mask, …] postings, as indexPostings makes them)
 * and a store into the pieces above. `docs`: how many pages, from the first, are docs.
 */
export function shardSearchFiles(meta: SearchIndexMeta & { fields: IndexField[]; masks: number[] }, postings: Map<string, ArrayLike<number>>, store: SearchStore, docs: number, chunk = CHUNK_PAGES): ShardedFiles {
  // Global record id → page × RECORD_SPAN + place.
  const place: number[] = [];
  const seen = new Map<number, number>();
  store.records.forEach((r, id) => {
    const n = seen.get(r.p) ?? 0;
    if (n >= RECORD_SPAN) throw new Error(`搜索索引：页面 ${store.pages[r.p]?.u} 的段落超过 ${RECORD_SPAN} 个`);
    place[id] = r.p * RECORD_SPAN + n;
    seen.set(r.p, n + 1);
  });
  const letter = new Map(meta.masks.map((m, i) => [m, MASK_LETTERS[i] as string]));
  const lines = new Map<string, string>();
  let bytes = 0;
  const titleMask = 1 << meta.fields.indexOf('title');
  const headingMask = 1 << meta.fields.indexOf('heading');
  const all = new Map<string, ArrayLike<number>>(postings);
  // One-character queries: each CJK character of a title (head record) or heading (section record).
  const chars = new Map<string, number[]>();
  store.records.forEach((r, id) => {
    const head = (place[id] as number) % RECORD_SPAN === 0;
    const text = head ? (store.pages[r.p]?.t ?? '') : (r.h ?? '');
    const mask = head ? titleMask : headingMask;
    for (const ch of new Set(text.normalize('NFKC'))) {
      if (!CJK_START.test(ch)) continue;
      const list = chars.get(ch) ?? [];
      list.push(id, mask);
      chars.set(ch, list);
    }
  });
  for (const [ch, list] of chars) {
    all.set(`${CHAR_TOKEN}${ch}`, list);
    if (!letter.has(headingMask)) letter.set(headingMask, MASK_LETTERS[letter.size] as string);
    if (!letter.has(titleMask)) letter.set(titleMask, MASK_LETTERS[letter.size] as string);
  }
  const masks = [...letter.keys()];
  for (const [token, list] of [...all].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < list.length; i += 2) pairs.push([place[list[i] as number] as number, list[i + 1] as number]);
    pairs.sort((a, b) => a[0] - b[0]);
    const line = `${token}\t${encodePostings(pairs, (m) => letter.get(m) as string)}`;
    lines.set(token, line);
    bytes += line.length * 2 + 1;
  }
  const shards = Math.max(1, Math.min(4096, Math.ceil(bytes / SHARD_TARGET_BYTES)));
  const byShard: string[][] = Array.from({ length: shards }, () => []);
  for (const [token, line] of lines) byShard[shardOf(token, shards)]?.push(line);
  const files = new Map<string, string>();
  byShard.forEach((list, n) => files.set(postingsName(n), list.join('\n')));
  // Typo candidates: the Latin words, sorted (lines are), by their first two letters.
  const words = [...lines.keys()].filter((t) => t.length >= VOCABULARY_MIN && isLatinToken(t));
  const vocabularies = Math.max(1, Math.min(4096, Math.ceil(words.reduce((n, w) => n + w.length + 1, 0) / VOCABULARY_TARGET_BYTES)));
  const byVocabulary: string[][] = Array.from({ length: vocabularies }, () => []);
  for (const w of words) byVocabulary[vocabularyOf(w, vocabularies)]?.push(w);
  byVocabulary.forEach((list, n) => files.set(vocabularyName(n), list.join('\n')));
  // Document chunks.
  const recordsOf: Array<Array<Omit<StoreRecord, 'p' | 'x'>>> = store.pages.map(() => []);
  const textsOf: string[][] = store.pages.map(() => []);
  for (const { p, x, ...rest } of store.records) {
    recordsOf[p]?.push(rest);
    textsOf[p]?.push(x ?? '');
  }
  for (let k = 0; k * chunk < store.pages.length; k += 1) {
    const body: StoreChunk = { pages: store.pages.slice(k * chunk, (k + 1) * chunk), records: recordsOf.slice(k * chunk, (k + 1) * chunk) };
    files.set(chunkName(k), JSON.stringify(body));
    const texts: TextsChunk = textsOf.slice(k * chunk, (k + 1) * chunk);
    files.set(textsName(k), JSON.stringify(texts));
  }
  const names = [...new Set(store.pages.flatMap((p) => (p.r ? [p.r] : [])))].sort();
  const facets: FacetsFile = { names, of: store.pages.map((p) => (p.r ? String.fromCharCode(48 + names.indexOf(p.r)) : '-')).join('') };
  files.set(FACETS_NAME, JSON.stringify(facets));
  return {
    index: { version: SHARD_VERSION, fields: meta.fields, masks, shards, vocabularies, t2s: meta.t2s, synonyms: meta.synonyms },
    store: { pages: store.pages.length, docs, chunk },
    files,
  };
}

/** Thrown by the engine when a piece it needs is not loaded yet: `load` fetches them all (retry after it). */
export class NotLoaded extends Error {
  constructor(readonly load: Promise<unknown>) {
    super('搜索数据尚未加载');
    this.name = 'NotLoaded';
  }
}

/** Runs `compute` until it no longer needs a piece, loading what it asks for in between. */
export async function settle<T>(compute: () => T): Promise<T> {
  for (;;) {
    try {
      return compute();
    } catch (error) {
      if (!(error instanceof NotLoaded)) throw error;
      await error.load;
    }
  }
}

/**
 * The pieces of one build as the engine reads them: each fetched once (by name), parsed once.
 * `fetchText` is the only way out: a GET under the build's folder in the browser, a map lookup in
 * Node. Pieces given in `preloaded` are there from the start (tests and bench: the whole index).
 */
export class ShardSource {
  private readonly texts = new Map<string, string>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly parsed = new Map<string, unknown>();
  /** Bytes of the pieces fetched so far (uncompressed), for the bench. */
  fetched = 0;

  constructor(
    readonly index: IndexManifest,
    readonly store: StoreManifest,
    private readonly fetchText: (name: string) => Promise<string>,
    preloaded?: Map<string, string>,
  ) {
    if (preloaded) for (const [name, text] of preloaded) this.texts.set(name, text);
  }

  /** The parsed pieces, or NotLoaded naming every missing one at once. */
  need<T>(names: string[], parse: (text: string) => T): T[] {
    const missing = names.filter((n) => !this.texts.has(n));
    if (missing.length) {
      throw new NotLoaded(
        Promise.all(
          [...new Set(missing)].map((name) => {
            let p = this.pending.get(name);
            if (!p) {
              p = this.fetchText(name).then(
                (text) => {
                  this.texts.set(name, text);
                  this.fetched += text.length;
                  this.pending.delete(name);
                },
                (error: unknown) => {
                  this.pending.delete(name);
                  throw error;
                },
              );
              this.pending.set(name, p);
            }
            return p;
          }),
        ),
      );
    }
    return names.map((name) => {
      if (!this.parsed.has(name)) this.parsed.set(name, parse(this.texts.get(name) as string));
      return this.parsed.get(name) as T;
    });
  }

  /** Loads (or throws NotLoaded for) the shards of these tokens; then each token's postings are looked up in its own. */
  shards(tokens: Iterable<string>): { get(token: string): string | undefined } {
    const numbers = [...new Set([...tokens].map((t) => shardOf(t, this.index.shards)))];
    this.need(numbers.map(postingsName), parseShard);
    return { get: (token) => this.shardOfToken(token).get(token) };
  }

  /** Loads (or throws NotLoaded for) the Latin words of four letters and more that share a word's first two letters. */
  vocabulary(word: string): string[] {
    const key = word.slice(0, 2);
    const words = this.need([vocabularyName(vocabularyOf(word, this.index.vocabularies))], (text) => (text ? text.split('\n') : []))[0] as string[];
    return words.filter((w) => w.startsWith(key));
  }

  /** The shard holding a token (loaded by shards()). */
  shardOfToken(token: string): Map<string, string> {
    return this.need([postingsName(shardOf(token, this.index.shards))], parseShard)[0] as Map<string, string>;
  }

  /** The chunk a page is in (its document chunk and its texts chunk have that number). */
  private chunkNumber(page: number): number {
    return Math.floor(page / this.store.chunk);
  }

  /** Loads (or throws NotLoaded for) the document chunks of these pages. */
  chunks(pages: Iterable<number>): void {
    this.need([...new Set([...pages].map((p) => chunkName(this.chunkNumber(p))))], parseJson<StoreChunk>);
  }

  hasPage(page: number): boolean {
    return this.texts.has(chunkName(this.chunkNumber(page)));
  }

  chunkOf(page: number): StoreChunk {
    return this.need([chunkName(this.chunkNumber(page))], parseJson<StoreChunk>)[0] as StoreChunk;
  }

  page(p: number): StorePage {
    return this.chunkOf(p).pages[p % this.store.chunk] as StorePage;
  }

  /** Record `place` of page p (0 = its head), without its text. */
  record(p: number, place: number): Omit<StoreRecord, 'p' | 'x'> | undefined {
    return this.chunkOf(p).records[p % this.store.chunk]?.[place];
  }

  /** Loads (or throws NotLoaded for) the texts of these pages' records. */
  textChunks(pages: Iterable<number>): void {
    this.need([...new Set([...pages].map((p) => textsName(this.chunkNumber(p))))], parseJson<TextsChunk>);
  }

  /** The text of record `place` of page p ('' for none). */
  text(p: number, place: number): string {
    const chunk = this.need([textsName(this.chunkNumber(p))], parseJson<TextsChunk>)[0] as TextsChunk;
    return chunk[p % this.store.chunk]?.[place] ?? '';
  }

  facets(): FacetsFile {
    return this.need([FACETS_NAME], parseJson<FacetsFile>)[0] as FacetsFile;
  }
}
