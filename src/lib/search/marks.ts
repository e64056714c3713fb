/**
 * Where the words of a search occur in a text of the page a reader lands on, for <mark>
 * (src/components/search/arrival-marks.ts). The words arrive already folded by the site's own
 * search (Traditional → Simplified, synonyms, the word a typo stood for), so this only finds them:
 * case-insensitively, longest word first, without overlaps. A Latin word is found only where a
 * word starts (binder in Binderceptor, not in unbinder); Chinese has no spaces, so anywhere.
 */

const LATIN_START = /^[a-z0-9]/i;
const WORD_CHAR = /[a-z0-9]/i;

/** [start, end) character offsets (UTF-16, as DOM text nodes count) of each occurrence, in order. */
export function markRanges(text: string, terms: readonly string[]): Array<[number, number]> {
  const wanted = [...new Set(terms.map((t) => t.toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [];
  const lower = text.toLowerCase();
  // Lower-casing can change lengths (rare letters such as İ): offsets would drift, so mark nothing.
  if (lower.length !== text.length) return [];
  const ranges: Array<[number, number]> = [];
  let i = 0;
  while (i < lower.length) {
    const term = wanted.find((t) => lower.startsWith(t, i) && !(LATIN_START.test(t) && i > 0 && WORD_CHAR.test(lower[i - 1] as string)));
    if (term) {
      ranges.push([i, i + term.length]);
      i += term.length;
    } else {
      i += 1;
    }
  }
  return ranges;
}
