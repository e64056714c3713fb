/**
 * The query set itself is sound: enough queries of every kind, each expecting a page that exists
 * and, for a section, a heading id that the rendered page really has; controls occur in no page.
 */
import { loadContent } from '../../gatsby/content/loader';
import { CONTROLS, QUERIES } from './queries';
import { followQueries, formatFollowed } from './follow';
import { buildSiteSearch, contentNow, type BuiltSiteSearch } from './site-index';

const { posts, docs } = loadContent(process.cwd());
const pages = new Map<string, string>([...posts.map((p) => [p.path, p.body] as const), ...docs.map((d) => [d.path, d.body] as const)]);
let site: BuiltSiteSearch;
beforeAll(() => {
  site = buildSiteSearch();
}, 120_000);

describe('the search query set', () => {
  it('has at least 150 queries, at least 8 of each kind, no duplicates', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(150);
    const kinds = new Map<string, number>();
    for (const c of QUERIES) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
    for (const [kind, n] of kinds) expect([kind, n >= 8]).toEqual([kind, true]);
    expect(new Set(QUERIES.map((c) => c.q)).size).toBe(QUERIES.length);
  });

  it('expects pages that exist and section ids those pages have, or follows them where the content moved', () => {
    const { cases, followed, skipped } = followQueries(QUERIES, contentNow(site));
    // An editor who deletes a post or rewords a heading does not fail the set: the query is followed or
    // skipped (./follow.ts), and reported here for whoever next edits queries.ts.
    if (followed.length + skipped.length > 0) console.log(`queries whose answer moved:\n${formatFollowed({ cases, followed, skipped })}`);
    expect(cases.length).toBeGreaterThan(QUERIES.length / 2);
    for (const { q, expect: target } of cases) {
      const [url, id] = target.split('#') as [string, string | undefined];
      expect([q, url, pages.has(url)]).toEqual([q, url, true]);
      if (id !== undefined) expect([q, site.headings.find((h) => h.url === url)?.html.includes(id)]).toEqual([q, true]);
    }
  });

  it('has controls that occur in no page', () => {
    for (const control of CONTROLS) {
      const found = [...pages.entries()].filter(([, body]) => body.toLowerCase().includes(control)).map(([url]) => url);
      expect([control, found]).toEqual([control, []]);
    }
  });
});
