/**
 * The search tokenizer, shared by the build (gatsby-plugin-local-search → FlexSearch) and the
 * browser (which imports that index with the same options), so both split text identically.
 *
 * Chinese: each CJK run is segmented into words with Intl.Segmenter (ICU dictionary, present in
 * Node 20 and every current browser); a word becomes its character bigrams (拦截器 → 拦截 截器,
 * a two-character word is itself), and consecutive one-character words are joined back before
 * taking bigrams. So 协作 finds 这是一个团队开发协作工具, 拦截 finds 拦截器, and a reversed 作协
 * (two single characters → the bigram 作协) finds nothing. Compared with bigrams over whole runs,
 * this indexes about 3× fewer tokens (see npm run bench:search).
 * Latin words and numbers are lower-cased; the index also holds their prefixes from 3 letters.
 */

const CJK_CLASS = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const CJK_START = new RegExp(`^[${CJK_CLASS}]`);
const PIECE = new RegExp(`[${CJK_CLASS}]+|[a-z0-9][a-z0-9_+#.-]*[a-z0-9+#]|[a-z0-9]`, 'g');
const MIN_PREFIX = 3;
const MAX_PREFIX = 16;

export function cjkBigrams(word: string): string[] {
  const chars = [...word];
  if (chars.length <= 2) return [word];
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) grams.push(`${chars[i]}${chars[i + 1]}`);
  return grams;
}

let segmenter: Intl.Segmenter | null | undefined;
function zhSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;
  }
  return segmenter;
}

/** Words of a CJK run; without Intl.Segmenter the run is one word (bigrams of the whole run). */
export function cjkWords(run: string): string[] {
  const seg = zhSegmenter();
  if (!seg) return [run];
  const words: string[] = [];
  let singles = '';
  for (const { segment } of seg.segment(run)) {
    if ([...segment].length === 1) {
      singles += segment;
      continue;
    }
    if (singles) words.push(singles);
    singles = '';
    words.push(segment);
  }
  if (singles) words.push(singles);
  return words;
}

export function latinTokens(word: string, withPrefixes: boolean): string[] {
  if (!withPrefixes || word.length <= MIN_PREFIX) return [word];
  const tokens: string[] = [];
  for (let n = MIN_PREFIX; n < Math.min(word.length, MAX_PREFIX); n += 1) tokens.push(word.slice(0, n));
  tokens.push(word);
  return tokens;
}

/** Tokens of a text in reading order (FlexSearch ranks earlier tokens higher). */
export function tokenize(text: string, withPrefixes = true): string[] {
  const tokens: string[] = [];
  for (const match of text.toLowerCase().matchAll(PIECE)) {
    const piece = match[0];
    if (CJK_START.test(piece)) for (const word of cjkWords(piece)) tokens.push(...cjkBigrams(word));
    else tokens.push(...latinTokens(piece, withPrefixes));
  }
  return tokens;
}

/**
 * Separates the head of an indexed text (title, headings, pinyin) from its body. Latin prefixes
 * are indexed for the head only: prefixes of every identifier in code-heavy bodies would triple
 * the index for little gain.
 */
export const BODY_MARKER = '\u2042';

/**
 * The tokenizer handed to FlexSearch, which calls it for documents and queries alike. A document
 * (built by buildSearchDocuments) always contains BODY_MARKER: its head gets Latin prefixes, its
 * body does not. A query never contains the marker and is split without prefixes, so 'bind'
 * matches the indexed prefix of 'Binder' and 'lanjie' matches the indexed pinyin token.
 */
export function indexTokenizer(text: string): string[] {
  const cut = text.indexOf(BODY_MARKER);
  if (cut < 0) return queryTokens(text);
  return [...new Set([...tokenize(text.slice(0, cut), true), ...tokenize(text.slice(cut + 1), false)])];
}

/** Query tokens (no prefix expansion: the index already holds prefixes). */
export function queryTokens(query: string): string[] {
  return [...new Set(tokenize(query, false))];
}

/** The FlexSearch 0.6 options used at build time and in the browser. */
export function flexSearchOptions(): Record<string, unknown> {
  return { encode: false, tokenize: indexTokenizer, threshold: 0, resolution: 1, depth: 0 };
}
