/**
 * Marking the words of a search in a text, pure: used by ranking for the snippets and by the
 * results page for its titles. A module of its own so that the results page's chunk does not take
 * in the ranking (rank.ts), which loads with the engine on first use.
 */

export type Part = { text: string; match: boolean };

/** Splits text into parts with every occurrence of the terms marked (rendered as text, never HTML). */
export function highlight(text: string, terms: string[]): Part[] {
  const wanted = [...new Set(terms.filter(Boolean).map((t) => t.toLowerCase()))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [{ text, match: false }];
  const lower = text.toLowerCase();
  // Lower-casing can change lengths (rare letters such as İ): highlight only when it did not.
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: Part[] = [];
  let i = 0;
  let plainStart = 0;
  while (i < text.length) {
    const term = wanted.find((t) => lower.startsWith(t, i));
    if (term) {
      if (i > plainStart) parts.push({ text: text.slice(plainStart, i), match: false });
      parts.push({ text: text.slice(i, i + term.length), match: true });
      i += term.length;
      plainStart = i;
    } else {
      i += 1;
    }
  }
  if (plainStart < text.length) parts.push({ text: text.slice(plainStart), match: false });
  return parts;
}
