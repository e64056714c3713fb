/**
 * Search documents, built at build time from the MDX content: what the index holds (title,
 * headings, their pinyin, the body text) and what the store returns for a result (title, url,
 * section breadcrumb, excerpt, headings, the opening of the text for snippets).
 */
import { AREA_LABELS } from '../breadcrumbs';
import { docPath, sidebarKey } from '../docs';
import { postPath } from '../routes';
import { markdownHeadings } from '../slug';
import { pinyinTokens, titlePinyin, type ToSyllables } from './pinyin';
import { BODY_MARKER } from './tokenize';

export interface SearchSource {
  kind: 'post' | 'doc';
  title: string;
  body: string;
  description?: string;
  slug?: string;
  date?: string;
  docId?: string;
}

/** What the browser downloads for each result. `id` is a small number to keep the index compact. */
export interface SearchStoreEntry {
  id: number;
  kind: 'post' | 'doc';
  title: string;
  url: string;
  section: string;
  excerpt: string;
  headings: string[];
  text: string;
  /** Title in pinyin: full syllables joined, then `|`, then initials ('kongkejianjie|kkjj'). */
  pinyin: string;
}

/** The single indexed field: title and headings first (they rank highest), then pinyin and body. */
export interface SearchIndexEntry extends SearchStoreEntry {
  _: string;
}

/** Characters of body text kept in the store for snippets. */
export const STORE_TEXT_CHARS = 300;

/** MDX → the plain text a reader sees (code, markup, JSX and link targets removed). */
export function mdxToText(markdown: string): string {
  return markdown
    .replace(/^(import|export)\s.*$/gm, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+|^\s*\d+\.\s+|^\s*>\s?/gm, '')
    .replace(/\|/g, ' ')
    .replace(/^[\s:-]+$/gm, ' ')
    .replace(/(\*\*|__|~~)/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function sectionOf(source: SearchSource, toolName: (key: string) => string | undefined): string {
  if (source.kind === 'post') return `博客 › ${source.date ?? ''}`.trim();
  const id = source.docId ?? '';
  const parts = id.split('/');
  const area = AREA_LABELS[parts[0] as string];
  const tool = parts.length > 2 ? toolName(sidebarKey(id)) : undefined;
  return ['文档', area, tool].filter(Boolean).join(' › ');
}

export function buildSearchDocuments(sources: SearchSource[], toSyllables: ToSyllables, toolName: (key: string) => string | undefined): SearchIndexEntry[] {
  return sources.map((source, id) => {
    const headings = markdownHeadings(source.body)
      .filter((h) => h.depth >= 2 && h.depth <= 3)
      .map((h) => h.text);
    const text = mdxToText(source.body);
    // Titles get windows of up to 4 syllables; headings pairs only (they are many: index size).
    const pinyin = [...new Set([...pinyinTokens(source.title, toSyllables), ...pinyinTokens(headings.join(' '), toSyllables, 2)])].join(' ');
    const url = source.kind === 'post' ? postPath(source.slug ?? '') : docPath(source.docId ?? '');
    return {
      id,
      kind: source.kind,
      title: source.title,
      url,
      section: sectionOf(source, toolName),
      excerpt: source.description ?? text.slice(0, 120),
      headings,
      text: text.slice(0, STORE_TEXT_CHARS),
      pinyin: titlePinyin(source.title, toSyllables),
      _: `${source.title} ${headings.join(' ')} ${BODY_MARKER} ${pinyin} ${source.description ?? ''} ${text}`.replace(/\s+/g, ' '),
    };
  });
}
