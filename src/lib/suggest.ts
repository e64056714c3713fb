/**
 * What the not-found page offers a reader who typed or followed an address that is not a page:
 * the pages the address most likely meant. Pure: the page (src/pages/404.tsx, through the lazy
 * src/components/not-found/find.ts) fetches the list of pages (PAGE_LIST_PATH, written after the
 * build by gatsby/postbuild/page-list.ts) and asks here; the site's search is asked for the words
 * of the address (pathWords) only when the close matches leave room.
 *
 * Close matches, best first (a page keeps its best reason):
 *   1. the address itself once cleaned: query, hash, a trailing slash, `/index`, `.html`, `.md` dropped;
 *   2. the same path in other capitals or separators (`get-start` for `Get start`);
 *   3. a folder: its first page in the list's order (the docs sidebar's order): `/docs/desktop/wing`;
 *   4. an address cut short: the pages it is the beginning of (`/blog/konkerwe`), shortest rest first;
 *   5. one or two edits (insert, delete, substitute, swap) away, segment by segment: `/blog/bindr`;
 *   6. a trailing segment or two too many: the page (or product folder) above it: `/blog/binder/extra`.
 */

/** A page the not-found page may suggest: its site path (unencoded, without the base URL) and title. */
export interface PageRef {
  path: string;
  title: string;
}

/** The list of pages (JSON: [path, title] pairs), under the site's base URL; fetched by the not-found page only. */
export const PAGE_LIST_PATH = '/search/pages.json';
export type PageListFile = Array<[string, string]>;

/** At most this many suggestions. */
export const MAX_SUGGESTIONS = 5;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `/Blog/binder/index.html?x#y` → `/Blog/binder`: decoded, without query, hash, trailing slashes and index / .html / .md endings. */
export function cleanPath(raw: string): string {
  let path = safeDecode(raw.replace(/[?#].*$/s, ''));
  for (;;) {
    const next = path.replace(/\/+$/, '').replace(/(?:\/index(?:\.html?)?|\.html?|\.md)$/i, '');
    if (next === path) break;
    path = next;
  }
  return path.startsWith('/') ? path : `/${path}`;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');
/** Capitals and separators do not tell pages apart for a reader: `Get start`, `get-start`, `getstart`. */
const fold = (segment: string): string => segment.toLowerCase().replace(/[\s_-]+/g, '');

/** Edits between a and b: insertions, deletions, substitutions and swaps of neighbours (optimal string alignment), or more than `limit`. */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const prev = rows[i - 1] as number[];
      let value = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return Math.min((rows[a.length] as number[])[b.length] as number, limit + 1);
}

/** Edits a segment of this length may carry and still name the page: none below 3 characters, one up to 5, two from 6. */
const editsAllowed = (length: number): number => (length < 3 ? 0 : length < 6 ? 1 : 2);

/**
 * The pages `requested` most likely meant, best first, at most `limit`. `pages` in the site's order
 * (docs in sidebar order), which breaks ties and decides a folder's first page.
 */
export function suggestPages(requested: string, pages: readonly PageRef[], limit = MAX_SUGGESTIONS): PageRef[] {
  const wanted = segmentsOf(cleanPath(requested));
  if (wanted.length === 0) return [];
  const wantedFolded = wanted.map(fold);
  const known = pages.map((page, order) => {
    const segments = segmentsOf(page.path);
    return { page, order, segments, folded: segments.map(fold) };
  });
  const score = new Map<number, number>();
  const offer = (order: number, value: number) => {
    if (value < (score.get(order) ?? Infinity)) score.set(order, value);
  };
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);
  const under = (folder: readonly string[], path: readonly string[]) => path.length > folder.length && folder.every((s, i) => s === path[i]);
  /** The page at `folded`, or a folder's first page. */
  const pageOrFolder = (folded: readonly string[], exact: number, folder: number) => {
    const page = known.find((k) => same(k.folded, folded));
    if (page) return offer(page.order, exact);
    const first = known.find((k) => under(folded, k.folded));
    if (first) offer(first.order, folder);
  };

  for (const k of known) {
    if (same(k.segments, wanted)) offer(k.order, 0);
    else if (same(k.folded, wantedFolded)) offer(k.order, 1);
  }
  pageOrFolder(wantedFolded, 1, 2);

  const typed = wantedFolded.join('/');
  const last = wantedFolded[wantedFolded.length - 1] as string;
  for (const k of known) {
    const path = k.folded.join('/');
    // Cut short: the address is the beginning of this page's path, within its last segment or at a folder.
    if (last.length >= 2 && path.length > typed.length && path.startsWith(typed)) offer(k.order, 3 + Math.min(path.length - typed.length, 999) / 1000);
    if (k.folded.length !== wantedFolded.length) continue;
    let edits = 0;
    for (let i = 0; i < wantedFolded.length && edits <= 2; i++) {
      const a = wantedFolded[i] as string;
      const b = k.folded[i] as string;
      if (a === b) continue;
      const d = editDistance(a, b, editsAllowed(a.length));
      edits += d > editsAllowed(a.length) ? 3 : d;
    }
    if (edits <= 2) offer(k.order, 4 + edits / 10);
  }

  // Segments too many: the page above (at least two segments deep: the text links the home page, docs and
  // blog already) or a product's folder (three: /docs/desktop/wing), nearest first.
  for (let drop = 1; wantedFolded.length - drop >= 2; drop++) {
    const above = wantedFolded.slice(0, -drop);
    pageOrFolder(above, 5 + drop, above.length >= 3 ? 5.5 + drop : Infinity);
  }

  return [...score]
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([order]) => (known[order] as (typeof known)[number]).page);
}

/** Segments that say where a page is filed, not what it is about. */
const FILING = new Set(['blog', 'docs', 'tags', 'page', 'archive', 'desktop', 'mobile', 'services', 'index', 'html', 'md']);

/**
 * The words of an address for the site's search: the last two segments that are not filing
 * (`/docs/desktop/wingg/User guide` → `wingg user guide`), split at separators, capitals and digits.
 */
export function pathWords(requested: string): string[] {
  const segments = segmentsOf(cleanPath(requested)).filter((s) => !FILING.has(s.toLowerCase()) && !/^\d+$/.test(s));
  const words = segments
    .slice(-2)
    .flatMap((s) =>
      s
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/([A-Za-z])(\d)|(\d)([A-Za-z])/g, '$1$3 $2$4')
        .split(/[\s_\-.,+]+/),
    )
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 2 || /[^\p{ASCII}]/u.test(w));
  return [...new Set(words)];
}
