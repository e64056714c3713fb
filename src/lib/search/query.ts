/**
 * A query, read the way the index was built: normalized (full-width, Traditional), split into
 * pieces, and expanded with the editors' synonyms. The result is a list of term groups that must
 * all match (AND); each group has alternatives (the words typed, or a synonym), each of which is a
 * list of tokens that must all be found.
 */
import { normalizeText, type CharMap } from './normalize';
import { synonymKey, type SynonymGroups } from './synonyms';
import { cjkBigrams, pieces } from './tokenize';

export interface Alternative {
  tokens: string[];
  /** True for a word from a synonym group other than the one typed. */
  synonym: boolean;
}

export interface TermGroup {
  /** What the reader typed for this group (a word, a bigram, an identifier part). */
  text: string;
  alternatives: Alternative[];
  /**
   * A soft group need not be found (a page still matches without it) but counts when it is: a
   * lone character (跨, 的) or a question word (怎么, 什么). A query of soft groups only needs one.
   */
  soft?: boolean;
}

export interface ParsedQuery {
  groups: TermGroup[];
  /** The query folded (NFKC, Simplified, lower case) without spaces: for exact-phrase checks. */
  phrase: string;
  /** Literal strings to highlight in titles and snippets. */
  highlights: string[];
  /** Identifiers typed whole (binder_write_read): a record holding the whole one ranks higher. */
  wholes: string[];
}

export interface QueryContext {
  t2s?: CharMap;
  synonyms?: SynonymGroups;
}

const LATIN = /[a-z0-9]/;

/** Words that ask rather than name (怎么获取 UDID): found or not, they do not decide whether a page matches. */
export const QUESTION_WORDS = new Set(['怎么', '怎样', '如何', '什么', '为什么', '为何', '哪些', '哪个', '哪里', '是否', '能否', '有没有', '是不是', '能不能', '怎么样', '一下', '请问']);

/** Particles and prepositions: at the edge of a longer word they join it to the next (投屏到, 空壳和). */
export const PARTICLES = new Set([...'的了吗呢吧啊和与及或到在把被给让从向对是得地着过']);

/** A single CJK character: the body index leaves these out. */
const CJK_CHAR = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]$/u;

/** An alternative's tokens without lone characters, unless that is all it has. */
function essential(tokens: string[]): string[] {
  const kept = tokens.filter((t) => !CJK_CHAR.test(t));
  return kept.length ? kept : tokens;
}

/** Each synonym group's words as looked for in a query, longest first: worked out once per set of groups (every keystroke reads them). */
const synonymTerms = new WeakMap<SynonymGroups, Array<{ key: string; group: string[] }>>();

function termsOf(synonyms: SynonymGroups): Array<{ key: string; group: string[] }> {
  let terms = synonymTerms.get(synonyms);
  if (!terms) {
    terms = synonyms.flatMap((group) => group.map((term) => ({ key: synonymKey(term), group }))).sort((a, b) => b.key.length - a.key.length);
    synonymTerms.set(synonyms, terms);
  }
  return terms;
}

/** Synonym words found in a (lower-cased) query, longest first, not overlapping, whole Latin words only. */
function findSynonyms(lower: string, synonyms: SynonymGroups): Array<{ start: number; end: number; group: string[]; typed: string }> {
  const terms = termsOf(synonyms);
  const found: Array<{ start: number; end: number; group: string[]; typed: string }> = [];
  for (const { key, group } of terms) {
    let from = 0;
    for (;;) {
      const at = lower.indexOf(key, from);
      if (at < 0) break;
      from = at + 1;
      const end = at + key.length;
      const boundary = (i: number) => i < 0 || i >= lower.length || !LATIN.test(lower[i] as string) || !LATIN.test(key[0] as string);
      if (!boundary(at - 1) || !(end >= lower.length || !LATIN.test(lower[end] as string) || !LATIN.test(key[key.length - 1] as string))) continue;
      if (found.some((f) => at < f.end && end > f.start)) continue;
      found.push({ start: at, end, group, typed: key });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export function parseQuery(query: string, { t2s = {}, synonyms = [] }: QueryContext = {}): ParsedQuery {
  const normalized = normalizeText(query, t2s);
  const lower = normalized.toLowerCase();
  const groups: TermGroup[] = [];
  const highlights = new Set<string>();
  const wholes = new Set<string>();
  const synonymSpans = findSynonyms(lower, synonyms);
  let rest = '';
  let last = 0;
  for (const span of synonymSpans) {
    rest += `${normalized.slice(last, span.start)} `;
    last = span.end;
    const alternatives = span.group.map((term) => {
      const key = synonymKey(term);
      return { tokens: essential(pieces(normalizeText(term)).flatMap((p) => p.required)), synonym: key !== span.typed };
    });
    groups.push({ text: span.typed, alternatives: alternatives.filter((a) => a.tokens.length > 0) });
    for (const term of span.group) highlights.add(synonymKey(term));
  }
  rest += normalized.slice(last);
  for (const piece of pieces(rest)) {
    if (piece.words) {
      for (const word of piece.words) {
        const soft = QUESTION_WORDS.has(word.text) || [...word.text].length === 1;
        const grams = cjkBigrams(word.text);
        for (const [i, token] of grams.entries()) {
          // A particle the segmenter left on a word (投屏到, 自带的, 空壳和) makes a bigram no page means: 屏到, 带的, 壳和.
          const edge = grams.length > 1 && ((i === grams.length - 1 && PARTICLES.has([...token][1] as string)) || (i === 0 && PARTICLES.has([...token][0] as string)));
          groups.push({ text: token, alternatives: [{ tokens: [token], synonym: false }], ...(soft || edge ? { soft: true } : {}) });
        }
      }
    } else {
      for (const token of piece.required) groups.push({ text: token, alternatives: [{ tokens: [token], synonym: false }] });
    }
    highlights.add(piece.whole ?? piece.required.join(''));
    if (piece.whole) wholes.add(piece.whole);
    if (piece.cjk) for (const token of piece.required) highlights.add(token);
    if (piece.whole) for (const token of piece.required) if (token.length >= 3) highlights.add(token);
  }
  // The same token typed twice is one group.
  const unique = groups.filter((g, i) => groups.findIndex((o) => o.text === g.text) === i);
  return { groups: unique, phrase: lower.replace(/\s+/g, ''), highlights: [...highlights].filter(Boolean), wholes: [...wholes] };
}
