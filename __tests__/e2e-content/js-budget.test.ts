/**
 * The JavaScript budget of every built page (docs/spec.md §11: 90 KB gzip per page, 3 KB more with tabs):
 * what a page loads before it is interactive is the chunk 'app' plus its template's chunk, as
 * Gatsby itself reads them from webpack.stats.json (gatsby/framework/internals.ts firstLoadScripts),
 * gzip at nginx's level 6. No browser is needed: the files are the build's own. This catches a
 * browser module that imports build-time code (a highlighter, a parser) into every page.
 * bench:weight measures the same in Chromium, with page data and prefetches, for figures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstLoadScripts, pageDataFile, pageHtmlFiles, WEBPACK_STATS_FILE } from '../../gatsby/framework/internals';
import { SITE_DIR } from '../e2e/support/env';

const KB = 1024;
/** First-load JavaScript of any page, gzip. */
const PAGE_BUDGET = 90 * KB;
/** What a page with tab sets loads on top, at once (docs/spec.md §11: ≤ 3 KB gzip more). */
const TABS_BUDGET = 3 * KB;

const gzipped = new Map<string, number>();
const gzipSize = (file: string): number => {
  const known = gzipped.get(file);
  if (known !== undefined) return known;
  const size = gzipSync(readFileSync(path.join(SITE_DIR, file)), { level: 6 }).length;
  gzipped.set(file, size);
  return size;
};
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

describe('JavaScript per page', () => {
  const stats = JSON.parse(readFileSync(path.join(SITE_DIR, WEBPACK_STATS_FILE), 'utf8')) as { assetsByChunkName: Record<string, string[]> };

  it('every page loads at most 90 KB gzip before it is interactive', () => {
    const pages = pageHtmlFiles(SITE_DIR);
    expect(pages.length).toBeGreaterThan(100);
    const byTemplate = new Map<string, { bytes: number; files: string[]; pages: number }>();
    const over: string[] = [];
    for (const { path: pagePath } of pages) {
      const { componentChunkName } = JSON.parse(readFileSync(pageDataFile(SITE_DIR, pagePath), 'utf8')) as { componentChunkName: string };
      const files = firstLoadScripts(stats, componentChunkName);
      const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
      const seen = byTemplate.get(componentChunkName) ?? { bytes, files, pages: 0 };
      byTemplate.set(componentChunkName, { ...seen, pages: seen.pages + 1 });
      if (bytes > PAGE_BUDGET) over.push(`${pagePath}: ${kb(bytes)} — ${files.map((f) => `${f} ${kb(gzipSize(f))}`).join(', ')}`);
    }
    console.log(`first-load JS (gzip) by template: ${[...byTemplate].map(([name, t]) => `${name.replace(/^component---src-/, '')} ${kb(t.bytes)} × ${t.pages}`).join('; ')}`);
    expect(over).toEqual([]);
  });

  it('tab sets add at most 3 KB gzip, loaded only by pages that have them', () => {
    const tabs = (stats.assetsByChunkName.tabs ?? []).filter((f) => f.endsWith('.js'));
    expect(tabs.length).toBeGreaterThan(0);
    expect(tabs.reduce((sum, file) => sum + gzipSize(file), 0)).toBeLessThanOrEqual(TABS_BUDGET);
    // Not part of any template's first load: pages without tabs never fetch it.
    for (const [name, files] of Object.entries(stats.assetsByChunkName)) if (name === 'app' || name.startsWith('component---')) expect([name, files.filter((f) => tabs.includes(f))]).toEqual([name, []]);
  });
});
