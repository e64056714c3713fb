/**
 * The not-found page's suggestions, worked out in the browser after the page has rendered: the
 * list of pages (PAGE_LIST_PATH, fetched here only) ranked by how close their paths are to the
 * address (src/lib/suggest.ts), then, while there is room, what the site's own search finds for the
 * address's words (the engine every page's search box loads on first use: src/components/search/load.ts).
 * Part of the not-found page's own chunk: no other page loads it.
 */
import { withPrefix } from 'gatsby';
import { loadSearch } from '../search/load';
import { MAX_SUGGESTIONS, PAGE_LIST_PATH, pathWords, suggestPages, type PageListFile, type PageRef } from '../../lib/suggest';

export interface Suggestions {
  pages: PageRef[];
  /** The address's words, for a link to the search page. */
  words: string[];
}

async function pageList(): Promise<PageRef[]> {
  const response = await fetch(withPrefix(PAGE_LIST_PATH), { credentials: 'same-origin' });
  if (!response.ok) return [];
  return ((await response.json()) as PageListFile).map(([path, title]) => ({ path, title }));
}

/** Search hits for `words`: all of them at once, then each (longest first), until `room` pages are found. */
async function searched(words: string[], known: readonly PageRef[], room: number): Promise<PageRef[]> {
  const { engine, ui } = await loadSearch();
  const found: PageRef[] = [];
  const queries = [words.join(' '), ...(words.length > 1 ? [...words].sort((a, b) => b.length - a.length) : [])];
  for (const query of queries) {
    for (;;) {
      try {
        for (const hit of engine.search(query, MAX_SUGGESTIONS * 2)) {
          const path = hit.url.replace(/#.*$/, '');
          if (found.length < room && ![...known, ...found].some((p) => p.path === path)) found.push({ path, title: hit.title });
        }
        break;
      } catch (error) {
        // The query needs pieces of the index not fetched yet: wait for them and ask again.
        if (!(error instanceof ui.NotLoaded)) throw error;
        await error.load;
      }
    }
    if (found.length >= room) break;
  }
  return found;
}

export async function findSuggestions(requested: string): Promise<Suggestions> {
  const words = pathWords(requested);
  const close = suggestPages(requested, await pageList().catch(() => []));
  if (close.length >= MAX_SUGGESTIONS || words.length === 0) return { pages: close, words };
  const more = await searched(words, close, MAX_SUGGESTIONS - close.length).catch(() => []);
  return { pages: [...close, ...more], words };
}
