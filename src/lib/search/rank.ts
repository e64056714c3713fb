/**
 * Ranking and snippets for search results, on top of the FlexSearch candidates:
 * title matches first, then heading matches, then body matches (FlexSearch order within each),
 * and a snippet around the first match, split into plain and highlighted parts (rendered as
 * text nodes and <mark>, never as HTML).
 */
import { matchesTitlePinyin } from './pinyin';
import { queryTokens } from './tokenize';

export interface RankedResult<T> {
  entry: T;
  where: 'title' | 'heading' | 'body';
  snippet: Array<{ text: string; match: boolean }>;
}

interface Rankable {
  title: string;
  headings: string[];
  excerpt: string;
  text: string;
  pinyin?: string;
}

/** The literal pieces of a query to look for in text: CJK words/runs and Latin words. */
export function queryTerms(query: string): string[] {
  const terms = query
    .toLowerCase()
    .split(/[\s,，。;；:：、]+/)
    .filter((t) => t.trim() !== '');
  return [...new Set(terms)];
}

function containsAll(haystack: string, terms: string[]): boolean {
  const lower = haystack.toLowerCase();
  return terms.length > 0 && terms.every((t) => lower.includes(t));
}

function containsAny(haystack: string, terms: string[]): boolean {
  const lower = haystack.toLowerCase();
  return terms.some((t) => lower.includes(t));
}

/** Splits text into parts with every occurrence of the terms marked. */
export function highlight(text: string, terms: string[]): Array<{ text: string; match: boolean }> {
  const wanted = terms.filter(Boolean).sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const parts: Array<{ text: string; match: boolean }> = [];
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

/** About `width` characters of text around the first occurrence of any term. */
export function snippetAround(text: string, terms: string[], width = 90): string {
  const lower = text.toLowerCase();
  const positions = terms.map((t) => lower.indexOf(t)).filter((p) => p >= 0);
  if (positions.length === 0) return text.slice(0, width) + (text.length > width ? '…' : '');
  const first = Math.min(...positions);
  const start = Math.max(0, first - Math.floor(width / 3));
  const end = Math.min(text.length, start + width);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

export function rankResults<T extends Rankable>(query: string, candidates: T[], limit = 12): RankedResult<T>[] {
  const terms = queryTerms(query);
  const hasLiteral = (entry: T) => containsAny(`${entry.title} ${entry.headings.join(' ')} ${entry.text} ${entry.excerpt}`, terms);
  const ranked = candidates.map((entry, order) => {
    const where: RankedResult<T>['where'] = containsAll(entry.title, terms) || matchesTitlePinyin(query, entry.pinyin ?? '') ? 'title' : entry.headings.some((h) => containsAll(h, terms)) ? 'heading' : 'body';
    const source = where === 'body' && containsAny(entry.text, terms) ? entry.text : where === 'heading' ? (entry.headings.find((h) => containsAll(h, terms)) ?? entry.excerpt) : entry.excerpt;
    return { entry, where, order, literal: hasLiteral(entry), snippet: highlight(snippetAround(source, terms), terms) };
  });
  const weight = { title: 0, heading: 1, body: 2 } as const;
  ranked.sort((a, b) => weight[a.where] - weight[b.where] || Number(b.literal) - Number(a.literal) || a.order - b.order);
  return ranked.slice(0, limit).map(({ entry, where, snippet }) => ({ entry, where, snippet }));
}

/** True when a query has something to search for (at least one token). */
export function isSearchable(query: string): boolean {
  return queryTokens(query).length > 0;
}
