/**
 * Search quality over the real content: every listed page is found by its title; every query of the set (queries.ts) that reached the top 5
 * when the baseline was written (baseline.json, `npm run search:baseline`) must still reach it,
 * each on its own; the others are reported. Recall@5 and MRR are printed. Also: the no-hit
 * controls return nothing, and every section link uses the id the rendered page and its table of
 * contents give that heading. The query set itself is sound: enough queries of every kind, each
 * expecting a page that exists and, for a section, a heading id that the rendered page really has
 * (or followed where the content moved); controls occur in no page. One file, so the site's search
 * files are built once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../gatsby/content/loader';
import { checkBaseline, contentCause, digest, formatBaseline, TOP, type BaselineEntry, type ContentPrints } from './baseline';
import { evaluate, formatEvaluation } from './evaluate';
import { followQueries, formatFollowed, type FollowedQueries } from './follow';
import { CONTROLS, QUERIES } from './queries';
import { buildSiteSearch, contentNow, type BuiltSiteSearch } from './site-index';

const BASELINE_FILE = path.join(__dirname, 'baseline.json');
/** The content the baseline was written against (./baseline.ts, ContentPrints), written with it. */
const CONTENT_FILE = path.join(__dirname, 'baseline-content.json');

const { posts, docs } = loadContent(process.cwd());
const pages = new Map<string, string>([...posts.map((p) => [p.path, p.body] as const), ...docs.map((d) => [d.path, d.body] as const)]);
/** What the index is made from now: each page's source file, and the synonyms every page shares. */
const SHARED_FILES = ['content/synonyms.yaml'];
const contentPrints = (): ContentPrints =>
  Object.fromEntries([
    ...SHARED_FILES.map((file) => [file, digest(readFileSync(file, 'utf8'))]),
    ...[...posts, ...docs].map((item) => [item.path, digest(readFileSync(item.file, 'utf8'))]).sort(([a], [b]) => (a as string).localeCompare(b as string)),
  ]);
let site: BuiltSiteSearch;
/** The query set as the content is now: sections followed to their new ids, queries whose page is gone skipped (./follow.ts). */
let queries: FollowedQueries;
beforeAll(() => {
  site = buildSiteSearch();
  queries = followQueries(QUERIES, contentNow(site));
}, 120_000);

describe('search quality on the real content', () => {
  it('keeps in the top 5 every query the baseline has there (baseline.json)', () => {
    const result = evaluate(queries.cases, site.hits);
    if (process.env.SEARCH_BASELINE === 'write') {
      if (queries.followed.length + queries.skipped.length > 0) throw new Error(`the query set names pages or sections that moved; update queries.ts first:\n${formatFollowed(queries)}`);
      writeFileSync(BASELINE_FILE, formatBaseline(result.ranks));
      writeFileSync(CONTENT_FILE, `${JSON.stringify(contentPrints(), null, 2)}\n`);
      console.log(`search baseline written: ${path.relative(process.cwd(), BASELINE_FILE)} (${formatEvaluation(result)}) — review its diff`);
      return;
    }
    // A followed query keeps its baseline line (it is the same question); a skipped one has none to keep.
    const skipped = new Set(queries.skipped.map((s) => s.q));
    const original = new Map(queries.followed.map((f) => [f.q, f.from]));
    const baseline = (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as BaselineEntry[]).filter((entry) => !skipped.has(entry.q));
    // A query that left the top 5 because an editor changed its page, or added or changed a page now
    // above it, is reported, not failed: only the search itself moving it fails (contentCause()).
    const was = JSON.parse(readFileSync(CONTENT_FILE, 'utf8')) as ContentPrints;
    const prints = contentPrints();
    const current = new Map(result.ranks.map((rank) => [rank.q, rank.expect]));
    const check = checkBaseline(
      baseline,
      result.ranks.map((rank) => ({ ...rank, expect: original.get(rank.q) ?? rank.expect })),
      (now) => contentCause(current.get(now.q) ?? now.expect, site.hits(now.q), was, prints),
    );
    const list = (items: string[]) => items.map((item) => `  ${item}`).join('\n') || '  (none)';
    console.log(
      `search quality: ${formatEvaluation(result)}\n` +
        `not in the top 5 in the baseline either (reported, not gated):\n${list(check.misses.map((m) => `[${m.kind}] ${m.q} → ${m.expect} (rank ${m.rank || 'not found'})`))}\n` +
        `now in the top 5, not gated yet (npm run search:baseline):\n${list(check.improved)}\n` +
        `out of the top 5 because the content changed (reported, not gated; npm run search:baseline when convenient):\n${list(check.moved)}\n` +
        `followed or skipped because the content moved (update queries.ts when convenient):\n${formatFollowed(queries)}`,
    );
    expect({ unrecorded: check.unrecorded, dropped: check.dropped }).toEqual({ unrecorded: [], dropped: [] });
    expect(check.regressed).toEqual([]);
  });

  it('finds every listed post and doc by its title, in the top 5 or among the pages whose titles hold it', () => {
    const listed = [...posts.filter((p) => !p.frontmatter.draft && !p.frontmatter.unlisted), ...docs.filter((d) => !d.frontmatter.unlisted)];
    expect(listed.length).toBeGreaterThan(0);
    const titleOf = (p: (typeof listed)[number]) => p.frontmatter.title.toLowerCase();
    const lost = listed.filter((p) => {
      // Pages whose titles hold this title score alike on it (rank.ts: the title field and the
      // title-phrase bonus): a title several tools' docs share (使用指南) has to reach their number only.
      const within = Math.max(TOP, listed.filter((other) => titleOf(other).includes(titleOf(p))).length);
      const rank = site.engine.search(p.frontmatter.title, within).findIndex((hit) => hit.url.split('#')[0] === p.path) + 1;
      return rank < 1 || rank > within;
    });
    expect(lost.map((p) => `${p.frontmatter.title} → ${p.path}`)).toEqual([]);
  });

  it('returns nothing for reversed or scattered characters and nonsense words', () => {
    for (const control of CONTROLS) expect([control, site.engine.search(control).map((h) => h.url)]).toEqual([control, []]);
  });

  it('links sections with the ids of the rendered page and its table of contents, on every page', () => {
    expect(site.headings.length).toBe(site.store.pages.length);
    for (const page of site.headings) {
      expect([page.url, page.sections]).toEqual([page.url, page.html]);
      expect([page.url, page.toc]).toEqual([page.url, page.html]);
      const linked = site.store.records.filter((r) => r.i && site.store.pages[r.p]?.u === page.url).map((r) => r.i);
      expect([page.url, linked]).toEqual([page.url, page.html]);
    }
  });
});

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
