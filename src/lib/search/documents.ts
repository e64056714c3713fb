/**
 * Search records, built at build time from the rendered pages: one record for a page's head
 * (title, product names and tagline, description, tags, slug, the text before the first heading)
 * and one per h2/h3 section (its heading and text). The index holds their tokens by field; the
 * store holds what a result shows (title, url, breadcrumb, section headings, a little text).
 */
import { normalizeText, type CharMap } from './normalize';
import { pinyinTokens, type ToSyllables } from './pinyin';
import type { PageSection } from '../types/page-section';
import type { SynonymGroups } from './synonyms';

/** A product's identity from the site config, attached to its Introduce page. */
export interface ProductInfo {
  names: string[];
  tagline: string;
  keywords: string[];
}

export interface SearchPageInput {
  kind: 'post' | 'doc';
  url: string;
  title: string;
  /** Breadcrumb shown under the title: '文档 › 桌面端 › Wing', '博客 › 2023-10-10'. */
  crumb: string;
  description?: string;
  tags?: string[];
  date?: string;
  /** A post's slug (readers type it: hiddenApi). */
  slug?: string;
  /** The product this page documents (every doc of a tool); `product` only on its Introduce page. */
  toolName?: string;
  product?: ProductInfo;
  /** The product the results page's filter files this page under: a doc's tool, or a post's tag naming one. */
  productName?: string;
  sections: PageSection[];
}

/** Fields of an index record, in the order ranking weighs them (see rank.ts). */
export const INDEX_FIELDS = ['title', 'product', 'heading', 'meta', 'body', 'pinyin'] as const;
export type IndexField = (typeof INDEX_FIELDS)[number];

/** One record's text by field (normalized); its id is its position in the list. */
export type IndexRecord = Partial<Record<IndexField, string>>;

export interface StorePage {
  /** url (unencoded path, without the base URL) */
  u: string;
  t: string;
  k: 'post' | 'doc';
  /** breadcrumb */
  c: string;
  /** date of a post */
  d?: string;
  /** excerpt: the description, or the opening text */
  e: string;
  /** the product it is filed under (the results page's filter) */
  r?: string;
}

export interface StoreRecord {
  /** index of the page in `pages` */
  p: number;
  /** heading id (absent for the page head) */
  i?: string;
  /** heading text */
  h?: string;
  /** the opening of the section's text, for the snippet */
  x?: string;
}

export interface SearchStore {
  pages: StorePage[];
  records: StoreRecord[];
}

/** What the index file carries besides the engine's index: everything queries are folded with. */
export interface SearchIndexMeta {
  t2s: CharMap;
  synonyms: SynonymGroups;
}

/** Characters of a section's text kept in the store for its snippet. */
export const STORE_TEXT_CHARS = 24;
/** Characters of a page's excerpt when it has no description. */
export const EXCERPT_CHARS = 120;

/** The product a post's tags name ('konker', '空壳', 'voice-wise' → Konker, Konker, VoiceWise), by its name or another name it goes by. */
export function productForTags(tags: readonly string[], products: ReadonlyArray<{ label: string; aliases?: string[] }>): string | undefined {
  const key = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '');
  for (const tag of tags) {
    const found = products.find((p) => [p.label, ...(p.aliases ?? [])].some((name) => key(name) === key(tag)));
    if (found) return found.label;
  }
  return undefined;
}

/** The first n characters (code points) of a text, with an ellipsis when it is longer. */
export function clip(text: string, n: number): string {
  // A text of n UTF-16 units has at most n code points: most sections' texts need no counting.
  if (text.length <= n) return text;
  let out = '';
  let count = 0;
  for (const ch of text) {
    if (count === n) return `${out}…`;
    out += ch;
    count += 1;
  }
  return out;
}

/**
 * The order of pages in the store: docs first (in the order given), then posts, newest first. The
 * engine reads a page's kind and a tie's order from its place (src/lib/search/rank.ts), so it
 * need not fetch a page's stored text to rank it.
 */
export function orderPages<T extends Pick<SearchPageInput, 'kind' | 'date'>>(pages: readonly T[]): T[] {
  const posts = pages.filter((p) => p.kind === 'post');
  return [
    ...pages.filter((p) => p.kind === 'doc'),
    ...posts
      .map((p, i) => ({ p, i }))
      .sort((a, b) => (b.p.date ?? '').localeCompare(a.p.date ?? '') || a.i - b.i)
      .map(({ p }) => p),
  ];
}

export function buildSearchRecords(pages: SearchPageInput[], toSyllables: ToSyllables): { records: IndexRecord[]; store: SearchStore } {
  const records: IndexRecord[] = [];
  const store: SearchStore = { pages: [], records: [] };
  const norm = (s: string) => normalizeText(s).replace(/\s+/g, ' ').trim();
  orderPages(pages).forEach((page, p) => {
    const [head, ...rest] = page.sections[0]?.id === null ? page.sections : [{ id: null, heading: '', depth: 0 as const, text: '', code: '' }, ...page.sections];
    const opening = head?.text ?? '';
    store.pages.push({
      u: page.url,
      t: page.title,
      k: page.kind,
      c: page.crumb,
      ...(page.date ? { d: page.date } : {}),
      e: page.description || clip(opening, EXCERPT_CHARS),
      ...(page.productName ? { r: page.productName } : {}),
    });
    // A product's words and their pinyin (kongke, duokai) are its Introduce page's strongest field.
    const productWords = page.product ? [...page.product.names, page.product.tagline, ...page.product.keywords] : [];
    const product = [...productWords, ...new Set(productWords.flatMap((t) => pinyinTokens(t, toSyllables)))].join(' ');
    // Pinyin for the page: its title and tags, in windows of up to 4 syllables with initials.
    // (Headings' pinyin would double the Latin vocabulary for few queries.)
    const headPinyin = [page.title, ...(page.tags ?? [])].flatMap((t) => pinyinTokens(t, toSyllables));
    records.push({
      title: norm(page.title),
      ...(product ? { product: norm(product) } : {}),
      meta: norm([page.description, ...(page.tags ?? []), page.slug, page.toolName, page.crumb].filter(Boolean).join(' ')),
      body: norm(`${opening} ${head?.code ?? ''}`),
      pinyin: [...new Set(headPinyin)].join(' '),
    });
    store.records.push({ p });
    for (const section of rest) {
      records.push({
        heading: norm(section.heading),
        body: norm(`${section.text} ${section.code}`),
      });
      store.records.push({ p, i: section.id ?? undefined, h: section.heading, x: clip(section.text, STORE_TEXT_CHARS) });
    }
  });
  return { records, store };
}
