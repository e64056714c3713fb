/**
 * The search build's disk cache:
 *
 *   - each page's render result (its sections, and the rendered h2/h3 ids and table-of-contents
 *     ids), in one file per page named by a hash of the page's file path and a hash of the
 *     renderer's fingerprint, the path and the source body: an edit re-renders only the edited
 *     page. These entries live in the build cache that outlives `gatsby clean` (gatsby/cache.ts):
 *     a render depends on nothing but its key (no path prefix, no environment), so a start after
 *     `gatsby clean`, a path-prefix build and `gatsby develop` all reuse them;
 *   - a manifest of the last files written, in Gatsby's .cache with the public/ folder it speaks
 *     of: when nothing the two search files are made from has changed (every page's key and
 *     metadata, the synonyms, the tools, the renderer) and both files are still there from that
 *     build, they are not built again.
 *
 * The renderer's fingerprint hashes every source file the search build imports (followed from
 * gatsby/search/build.ts through relative imports: the Markdown renderer, Prism, the
 * sectioning and indexing code, the site config…), package-lock.json (the versions of unified,
 * Prism, pinyin-pro, OpenCC, MiniSearch…) and the Node/ICU versions (Intl.Segmenter). It is
 * computed once per build.
 *
 * Nothing here imports the renderer: the Gatsby build (gatsby-node.ts sourceNodes, through
 * search-build.ts) passes it in, and the unit tests pass a fake one.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stampPrefix } from '../../src/lib/search/files';
import { fieldTokens } from '../../src/lib/search/site-search';
import { shareTokens, type FieldTokensCache } from '../../src/lib/search/build-index';
import type { PageSection } from '../../src/lib/types/page-section';
import { buildCacheDir, PRUNE_AFTER_DAYS, writeAtomic } from '../cache';
import { isFile } from '../code-fingerprint';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Where a site's search step keeps its cache: the manifest in Gatsby's .cache (it speaks of the
 * files in public/, which `gatsby clean` removes with it), each page's render in the build cache
 * (`SITE_BUILD_CACHE`, else node_modules/.cache/iofomo-site), which `gatsby clean` leaves.
 */
export function searchCacheDirs(root: string, env: NodeJS.ProcessEnv = process.env): { cacheDir: string; sectionsDir: string } {
  const buildCache = buildCacheDir(env, root);
  return { cacheDir: path.join(root, '.cache', 'search-files'), sectionsDir: path.join(buildCache, 'search-sections') };
}

// ---------- what the output depends on ----------

/** Where the search build starts; everything it imports (relatively) is part of the fingerprint. */
export const SEARCH_BUILD_ENTRY = 'gatsby/search/build.ts';

// ---------- each page's render result ----------

/** What rendering one page yields for search. */
export interface RenderedSections {
  sections: PageSection[];
  /** The rendered page's h2/h3 ids and its table of contents' ids (checked by the search tests). */
  htmlIds: string[];
  tocIds: string[];
}

/** A page's cache key: the renderer, the file (named in render errors) and its source body. */
export const sectionKey = (fingerprint: string, file: string, body: string) => sha256(JSON.stringify([fingerprint, file, body])).slice(0, 32);

/** Which page an entry belongs to, as the first part of its name: prune() reads no entry to know. */
const fileId = (file: string) => sha256(file).slice(0, 16);

/** `<file id>-<key>.json`. */
const ENTRY_NAME = /^([0-9a-f]{16})-([0-9a-f]{32})\.json$/;
/** A temporary file left by a writer that died (one still writing is younger than this). */
const ABANDONED_MS = 3_600_000;
const DAY_MS = 86_400_000;
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const isSection = (value: unknown): value is PageSection => {
  const s = value as PageSection | null;
  return !!s && typeof s === 'object' && (s.id === null || typeof s.id === 'string') && typeof s.heading === 'string' && [0, 2, 3].includes(s.depth) && typeof s.text === 'string' && typeof s.code === 'string';
};

/**
 * Each page's render result, one file per (page, source, renderer). Several builds may share the
 * folder at once (develop and a build, a root and a path-prefix build, test sites): entries are
 * written atomically, a failed write only costs the next run a render, and prune() removes only
 * what it knows to be stale.
 */
export class SectionCache {
  hits = 0;
  misses = 0;
  private readonly used = new Set<string>();
  private readonly usedFiles = new Set<string>();

  constructor(
    readonly dir: string,
    readonly fingerprint: string,
  ) {}

  /** Each page's last key: the inputs' fingerprint, the count of pages to render and get() all ask for it (a hash of the whole body). */
  private readonly keys = new Map<string, { body: string; key: string }>();

  key(file: string, body: string): string {
    const known = this.keys.get(file);
    if (known?.body === body) return known.key;
    const key = sectionKey(this.fingerprint, file, body);
    this.keys.set(file, { body, key });
    return key;
  }

  /** The entry's path for this page and source. */
  entryPath(file: string, body: string): string {
    return this.entryFile(file, this.key(file, body));
  }

  private entryFile(file: string, key: string): string {
    return path.join(this.dir, `${fileId(file)}-${key}.json`);
  }

  /** Whether an entry for this page and source is on disk (get() still checks it is whole). */
  has(file: string, body: string): boolean {
    return isFile(this.entryFile(file, this.key(file, body)));
  }

  /** The cached result, or null when there is none or it is unreadable (it is then rewritten). */
  private read(file: string, key: string): RenderedSections | null {
    try {
      const value = JSON.parse(readFileSync(this.entryFile(file, key), 'utf8')) as Partial<RenderedSections> & { key?: unknown };
      if (value.key !== key || !Array.isArray(value.sections) || !value.sections.every(isSection) || !isStringArray(value.htmlIds) || !isStringArray(value.tocIds)) return null;
      return { sections: value.sections, htmlIds: value.htmlIds, tocIds: value.tocIds };
    } catch {
      return null;
    }
  }

  /** Stores a result; a failure to store (a full disk, a folder removed meanwhile) is not the build's failure. */
  private write(file: string, key: string, value: RenderedSections): void {
    try {
      writeAtomic(this.entryFile(file, key), JSON.stringify({ key, sections: value.sections, htmlIds: value.htmlIds, tocIds: value.tocIds }));
    } catch {
      // rendered again next time
    }
  }

  /** The page's render result from the cache, or rendered now and stored. Render errors propagate. */
  async get(file: string, body: string, render: () => RenderedSections | Promise<RenderedSections>): Promise<RenderedSections> {
    const key = this.key(file, body);
    this.used.add(key);
    this.usedFiles.add(fileId(file));
    const cached = this.read(file, key);
    if (cached) {
      this.hits += 1;
      return cached;
    }
    this.misses += 1;
    const value = await render();
    this.write(file, key, value);
    return value;
  }

  /**
   * Deletes the entries that are stale: those of a page this run rendered or read, other than the
   * one it used (an edited page's earlier source, an older renderer); those of other pages (a
   * deleted page, another site's content) written more than `days` ago; and abandoned temporary
   * files. Returns how many.
   */
  prune(days = PRUNE_AFTER_DAYS, now = Date.now()): number {
    if (!existsSync(this.dir)) return 0;
    let removed = 0;
    for (const name of readdirSync(this.dir)) {
      const full = path.join(this.dir, name);
      const entry = ENTRY_NAME.exec(name);
      const age = () => now - (statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? now);
      const stale = entry ? (this.usedFiles.has(entry[1] as string) ? !this.used.has(entry[2] as string) : age() > days * DAY_MS) : name.endsWith('.tmp') && age() > ABANDONED_MS;
      if (!stale) continue;
      rmSync(full, { force: true });
      removed += 1;
    }
    return removed;
  }
}

// ---------- the two files ----------

/** A page to index: its source (rendered into sections) and everything else the index takes from it. */
export interface PlannedPage<M> {
  file: string;
  body: string;
  /** The line of the file the body starts on (for error messages). */
  firstLine?: number;
  meta: M;
}

/** What the index builder returns: both files' text, each starting with {"build":"<id>", …}. */
export interface BuiltFiles {
  build: string;
  indexJson: string;
  storeJson: string;
  /** The pieces a query fetches (src/lib/search/shards.ts), by name, written under the build's folder beside the index. */
  pieces?: ReadonlyMap<string, string>;
  pages: number;
  records: number;
}

/** A build's folder of pieces: beside the index manifest, named by the build id. */
export const piecesDir = (indexFile: string, build: string) => path.join(path.dirname(indexFile), build);
const BUILD_DIR = /^[0-9a-f]{20}$/;

/** The last files written, kept next to the page entries. */
export interface SearchFilesManifest {
  inputs: string;
  build: string;
  pages: number;
  records: number;
  indexBytes: number;
  storeBytes: number;
  /** Each piece's name → a hash of its text: the next build rewrites only the pieces that differ. */
  pieces?: Record<string, string>;
}

export const MANIFEST = 'files.json';

/** The last manifest written, whatever it was made from (null when there is none). */
function lastManifest(cacheDir: string): SearchFilesManifest | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(cacheDir, MANIFEST), 'utf8')) as SearchFilesManifest;
    return typeof manifest.build === 'string' ? manifest : null;
  } catch {
    return null;
  }
}

const pieceHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/**
 * Writes a build's pieces into its folder. The last build's folder, when its manifest lists its
 * pieces, is renamed to the new one and only the pieces that differ (by hash, or by size on disk:
 * a file cut short) are written, the ones no longer made removed: one edit changes a few of
 * thousands. The folder is not yet named by any manifest while this runs. Returns each piece's
 * hash and how many were written.
 */
export function writePieces(indexFile: string, build: string, pieces: ReadonlyMap<string, string>, last: SearchFilesManifest | null): { hashes: Record<string, string>; written: number } {
  const dir = piecesDir(indexFile, build);
  let kept: Record<string, string> = {};
  if (last?.pieces && statSync(piecesDir(indexFile, last.build), { throwIfNoEntry: false })?.isDirectory()) {
    if (last.build !== build) {
      rmSync(dir, { recursive: true, force: true });
      renameSync(piecesDir(indexFile, last.build), dir);
    }
    kept = last.pieces;
  }
  mkdirSync(dir, { recursive: true });
  const hashes: Record<string, string> = {};
  let written = 0;
  for (const [name, text] of pieces) {
    const hash = pieceHash(text);
    hashes[name] = hash;
    const file = path.join(dir, name);
    if (kept[name] === hash && statSync(file, { throwIfNoEntry: false })?.size === Buffer.byteLength(text)) continue;
    writeFileSync(file, text);
    written += 1;
  }
  for (const name of readdirSync(dir)) if (!pieces.has(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
  return { hashes, written };
}

/** Everything the two files are made from, as one hash. */
export function inputsFingerprint(fingerprint: string, pages: ReadonlyArray<{ key: string; meta: unknown }>, other: unknown): string {
  return sha256(JSON.stringify({ fingerprint, pages: pages.map((p) => [p.key, p.meta]), other }));
}

/** The first bytes of a file ('' when it does not exist). */
function head(file: string, bytes: number): string {
  if (!isFile(file)) return '';
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/** The manifest, when it was made from these inputs and both files are still those it wrote. */
export function upToDate(cacheDir: string, inputs: string, files: { index: string; store: string }): SearchFilesManifest | null {
  let manifest: SearchFilesManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(cacheDir, MANIFEST), 'utf8')) as SearchFilesManifest;
  } catch {
    return null;
  }
  if (manifest.inputs !== inputs || typeof manifest.build !== 'string') return null;
  const prefix = stampPrefix(manifest.build);
  const pieces = statSync(piecesDir(files.index, manifest.build), { throwIfNoEntry: false })?.isDirectory() === true;
  return pieces && head(files.index, prefix.length) === prefix && head(files.store, prefix.length) === prefix ? manifest : null;
}

export interface SearchFilesReport extends Omit<SearchFilesManifest, 'inputs'> {
  /** Both files were already up to date: nothing rendered, nothing built, nothing written. */
  skipped: boolean;
  rendered: number;
  cached: number;
  pruned: number;
  /** Wall time of the rendering (cache lookups included) and of building the two files. */
  renderMs: number;
  buildMs: number;
  /** Pieces written (the others were the last build's, unchanged). */
  piecesWritten: number;
}

/** Resolves on the next turn of the event loop, after the I/O and timers waiting now. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const statsOf = ({ build, pages, records, indexBytes, storeBytes }: SearchFilesManifest) => ({ build, pages, records, indexBytes, storeBytes });

/**
 * Writes the two search files unless they are up to date; pages are rendered only when the
 * cache has no entry for them. The index is built from every page's metadata and sections.
 */
export async function writeCachedSearchFiles<M>(options: {
  pages: ReadonlyArray<PlannedPage<M>>;
  fingerprint: string;
  /** Anything else the files are made from (synonyms, tools), JSON-serializable. */
  other: unknown;
  /** The manifest's folder: Gatsby's .cache, which goes with the public/ folder the files are in. */
  cacheDir: string;
  /** The page entries' folder (the build cache, shared by every build of the site); cacheDir when not given. */
  sectionsDir?: string;
  files: { index: string; store: string };
  render: (page: PlannedPage<M>) => RenderedSections | Promise<RenderedSections>;
  build: (pages: Array<M & { sections: PageSection[] }>) => BuiltFiles;
  /** What the render waits for after each page: the next turn of the event loop unless given (the build's worker thread has nothing else to run). */
  betweenPages?: () => Promise<void>;
  /** Called once every page is rendered, before the index is built (the build's worker collects the render's garbage there). */
  afterPages?: () => void;
}): Promise<SearchFilesReport> {
  const { pages, fingerprint, cacheDir, files } = options;
  const cache = new SectionCache(options.sectionsDir ?? cacheDir, fingerprint);
  const inputs = inputsFingerprint(
    fingerprint,
    pages.map((p) => ({ key: cache.key(p.file, p.body), meta: p.meta })),
    options.other,
  );
  const current = upToDate(cacheDir, inputs, files);
  if (current) return { ...statsOf(current), skipped: true, rendered: 0, cached: 0, pruned: 0, renderMs: 0, buildMs: 0, piecesWritten: 0 };
  const t0 = performance.now();
  // One page at a time, handing the event loop back between pages: rendering is CPU work on the
  // thread that, in gatsby develop, also answers the editor's requests and runs the page query of
  // an edit; all pages at once (Promise.all) held those back for the whole render.
  const rendered: Array<M & { sections: PageSection[] }> = [];
  for (const page of pages) {
    rendered.push({ ...page.meta, sections: (await cache.get(page.file, page.body, () => options.render(page))).sections });
    await (options.betweenPages?.() ?? nextTurn());
  }
  options.afterPages?.();
  const t1 = performance.now();
  const built = options.build(rendered);
  const t2 = performance.now();
  const prefix = stampPrefix(built.build);
  if (!built.indexJson.startsWith(prefix) || !built.storeJson.startsWith(prefix)) throw new Error(`搜索文件必须以 ${prefix} 开头`);
  // The pieces first, then the manifests that name their folder; then older builds' folders go.
  const pieces = writePieces(files.index, built.build, built.pieces ?? new Map(), lastManifest(cacheDir));
  let piecesBytes = { index: 0, store: 0 };
  for (const [name, text] of built.pieces ?? []) {
    const bytes = Buffer.byteLength(text);
    piecesBytes = name.startsWith('p') ? { ...piecesBytes, index: piecesBytes.index + bytes } : { ...piecesBytes, store: piecesBytes.store + bytes };
  }
  writeAtomic(files.store, built.storeJson);
  writeAtomic(files.index, built.indexJson);
  for (const name of existsSync(path.dirname(files.index)) ? readdirSync(path.dirname(files.index)) : []) {
    if (BUILD_DIR.test(name) && name !== built.build) rmSync(path.join(path.dirname(files.index), name), { recursive: true, force: true });
  }
  const manifest: SearchFilesManifest = {
    inputs,
    build: built.build,
    pages: built.pages,
    records: built.records,
    indexBytes: Buffer.byteLength(built.indexJson) + piecesBytes.index,
    storeBytes: Buffer.byteLength(built.storeJson) + piecesBytes.store,
    pieces: pieces.hashes,
  };
  writeAtomic(path.join(cacheDir, MANIFEST), JSON.stringify(manifest));
  return { ...statsOf(manifest), skipped: false, rendered: cache.misses, cached: cache.hits, pruned: cache.prune(), renderMs: t1 - t0, buildMs: t2 - t1, piecesWritten: pieces.written };
}

// ---------- the index's tokens, from one build to the next ----------

/**
 * The tokens of every indexed field of the last build, kept in Gatsby's .cache (`gatsby clean`
 * empties it) under the fingerprint of the search build's code: a build after an edit tokenizes
 * only the fields whose text changed (tokenizing every section was most of building the index;
 * figures: docs/decisions/build-at-scale.md). Keyed by a hash of field and text; holds exactly the
 * last build's fields. endBuild() (buildSearchFiles calls it once the postings are built) saves
 * them and lets them go, both this build's and the last's: on a large site they are a sizeable
 * heap that the sharding after it need not carry. The file is written entry by entry, never held
 * as one string.
 */
export function persistentFieldTokens(file: string, fingerprint: string): FieldTokensCache & { stats(): { reused: number; made: number } } {
  let previous = new Map<string, string[]>();
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { fingerprint?: string; tokens?: Record<string, string[]> };
    if (stored.fingerprint === fingerprint && stored.tokens) previous = new Map(Object.entries(stored.tokens));
  } catch {
    /* none yet, or unreadable: every field is tokenized */
  }
  let current = new Map<string, string[]>();
  // One string per distinct token (shareTokens); those read from the file above are short strings JSON.parse already shares.
  let distinct = new Map<string, string>();
  let reused = 0;
  let made = 0;
  /** The file's text, a thousand entries at a time. */
  function* json(entries: Map<string, string[]>) {
    let piece = `{"fingerprint":${JSON.stringify(fingerprint)},"tokens":{`;
    let n = 0;
    for (const [key, tokens] of entries) {
      piece += `${n > 0 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(tokens)}`;
      n += 1;
      if (n % 1000 === 0) {
        yield piece;
        piece = '';
      }
    }
    yield `${piece}}}`;
  }
  return {
    tokens(field, text) {
      const key = createHash('sha1').update(field).update('\0').update(text).digest('base64');
      let tokens = current.get(key) ?? previous.get(key);
      if (tokens) reused += 1;
      else {
        tokens = shareTokens(fieldTokens(field, text), distinct);
        made += 1;
      }
      current.set(key, tokens);
      return tokens;
    },
    endBuild() {
      writeAtomic(file, json(current));
      previous = new Map();
      current = new Map();
      distinct = new Map();
    },
    stats: () => ({ reused, made }),
  };
}
