/**
 * The search tokenizer, shared by the build (which indexes with it) and the browser (which splits
 * queries with it), so both split text identically. Input is first folded by normalizeText.
 *
 * Chinese: each CJK run is segmented into words with Intl.Segmenter (ICU dictionary, present in
 * Node 20 and every current browser); a word becomes its character bigrams (拦截器 → 拦截 截器,
 * a two-character word is itself), and consecutive one-character words are joined back before
 * taking bigrams. So 协作 finds 这是一个团队开发协作工具, 拦截 finds 拦截器, and a reversed 作协
 * (two single characters → the bigram 作协) finds nothing.
 *
 * Latin: a word or identifier is kept whole (lower-cased) and also split into its parts at
 * `_`, `.`, `-`, camelCase and letter/digit boundaries: hiddenApi → hiddenapi, hidden, api;
 * BINDER_WRITE_READ → binder_write_read, binder, write, read; Android13 → android13, android, 13.
 * Chinese and Latin are separate pieces whether or not a space stands between them (AOSP编译).
 */

const CJK_CLASS = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const CJK_START = new RegExp(`^[${CJK_CLASS}]`);
const PIECE = new RegExp(`[${CJK_CLASS}]+|[A-Za-z0-9][A-Za-z0-9_+#.-]*[A-Za-z0-9+#]|[A-Za-z0-9]`, 'g');

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

/** A word of a CJK run; `singles` marks one-character words joined back together (端跨 in 桌面/端/跨/平台). */
export interface CjkWord {
  text: string;
  singles: boolean;
}

/** Words of a CJK run; without Intl.Segmenter the run is one word (bigrams of the whole run). */
export function cjkWords(run: string): CjkWord[] {
  const seg = zhSegmenter();
  if (!seg) return [{ text: run, singles: false }];
  const words: CjkWord[] = [];
  let singles = '';
  for (const { segment } of seg.segment(run)) {
    if ([...segment].length === 1) {
      singles += segment;
      continue;
    }
    if (singles) words.push({ text: singles, singles: true });
    singles = '';
    words.push({ text: segment, singles: false });
  }
  if (singles) words.push({ text: singles, singles: true });
  return words;
}

/**
 * Index tokens of a word: its bigrams; joined single characters also give each character, so a
 * query that segments differently (跨/平台 against 端/跨/平台) still finds them in titles,
 * headings and taglines (body text leaves lone characters out, see site-search.ts).
 */
export function cjkWordTokens(word: CjkWord): string[] {
  const grams = cjkBigrams(word.text);
  return word.singles && [...word.text].length > 1 ? [...grams, ...word.text] : grams;
}

/** Parts of an identifier, lower-cased: at _ . - and camelCase, and between letters and digits. */
export function identifierParts(word: string): string[] {
  const parts = word
    .split(/[_.+#-]+/)
    .flatMap((p) => p.split(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
    .flatMap((p) => p.split(/(?<=[A-Za-z]{3})(?=[0-9])|(?<=[0-9])(?=[A-Za-z]{3})/))
    .map((p) => p.toLowerCase())
    .filter(Boolean);
  return parts;
}

/** A Latin piece as tokens: the whole word (lower-cased, trailing dots dropped), then its parts. */
export function latinTokens(word: string): string[] {
  const whole = word.toLowerCase();
  const parts = identifierParts(word);
  return parts.length > 1 ? [whole, ...parts] : [whole];
}

export interface Piece {
  /** Tokens the piece must match: its CJK bigrams, or an identifier's parts (or the word itself). */
  required: string[];
  /** The words of a CJK piece. */
  words?: CjkWord[];
  /** The whole identifier when it has parts (matches it exactly, ranked as an exact phrase). */
  whole?: string;
  cjk: boolean;
}

/** The pieces of a (normalized) text in reading order. */
export function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  for (const match of text.matchAll(PIECE)) {
    const piece = match[0];
    if (CJK_START.test(piece)) {
      const words = cjkWords(piece);
      out.push({ required: words.flatMap((w) => cjkBigrams(w.text)), words, cjk: true });
    } else {
      const [whole, ...parts] = latinTokens(piece);
      out.push(parts.length ? { required: parts, whole, cjk: false } : { required: [whole as string], cjk: false });
    }
  }
  return out;
}

/** Every token of a text, for the index (wholes and parts), in reading order, deduplicated. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const p of pieces(text)) {
    if (p.whole) tokens.push(p.whole);
    tokens.push(...(p.words ? p.words.flatMap(cjkWordTokens) : p.required));
  }
  return [...new Set(tokens)];
}

/** True when a token is Latin letters/digits (fuzzy and prefix matching apply to these only). */
export function isLatinToken(token: string): boolean {
  return /^[a-z0-9][a-z0-9_+#.-]*$/.test(token);
}
