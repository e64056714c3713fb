/**
 * The per-query baseline of the search quality test (baseline.json): the rank each query of the
 * set reached when the file was last written. Every query that was in the top 5 then is gated on
 * its own: it must stay in the top 5, unless the content explains why it left (contentCause()).
 * The file changes only through `npm run search:baseline`, and its diff (one line per query) is
 * reviewed like code: a query leaving the top 5 shows as a rank going past 5, a newly passing one
 * as a rank coming under it.
 */
import { createHash } from 'node:crypto';
import { rankOf, type Hit, type QueryRank } from './evaluate';

export const TOP = 5;

export interface BaselineEntry {
  q: string;
  expect: string;
  rank: number;
}

const passes = (rank: number) => rank > 0 && rank <= TOP;

/** The file's text: one query per line, in the query set's order. */
export function formatBaseline(ranks: readonly QueryRank[]): string {
  const lines = ranks.map(({ q, expect, rank }) => `  ${JSON.stringify({ q, expect, rank })}`);
  return `[\n${lines.join(',\n')}\n]\n`;
}

export interface BaselineCheck {
  /** In the top 5 in the baseline, not now. */
  regressed: string[];
  /** Queries of the set without a baseline line, or whose expected answer changed (the file is out of date). */
  unrecorded: string[];
  /** Baseline lines whose query is no longer in the set (queries are never dropped or reworded). */
  dropped: string[];
  /** Not in the top 5 in the baseline (reported, not gated). */
  misses: Array<QueryRank & { was: number }>;
  /** Not in the top 5 in the baseline, in it now: gate them by writing the baseline again. */
  improved: string[];
  /** Left the top 5 because the content changed (reported, not gated): the regression and its cause. */
  moved: string[];
}

/**
 * `cause`: why a query left the top 5 through the content alone, if it did (contentCause()); a
 * regression without one is the search's own and fails.
 */
export function checkBaseline(baseline: readonly BaselineEntry[], ranks: readonly QueryRank[], cause: (now: QueryRank) => string | undefined = () => undefined): BaselineCheck {
  const byQuery = new Map(baseline.map((entry) => [entry.q, entry]));
  const inSet = new Set(ranks.map((r) => r.q));
  const result: BaselineCheck = { regressed: [], unrecorded: [], dropped: baseline.filter((e) => !inSet.has(e.q)).map((e) => e.q), misses: [], improved: [], moved: [] };
  for (const now of ranks) {
    const was = byQuery.get(now.q);
    if (!was || was.expect !== now.expect) result.unrecorded.push(now.q);
    else if (passes(was.rank) && !passes(now.rank)) {
      const line = `${now.q} → ${now.expect}: rank ${was.rank} → ${now.rank || 'not found'}`;
      const why = cause(now);
      if (why) result.moved.push(`${line} (${why})`);
      else result.regressed.push(line);
    } else if (!passes(was.rank) && passes(now.rank)) result.improved.push(`${now.q} → ${now.expect}: rank ${was.rank || 'not found'} → ${now.rank}`);
    else if (!passes(was.rank)) result.misses.push({ ...now, was: was.rank });
  }
  return result;
}

/**
 * What the content was when the baseline was written (baseline-content.json): a digest of each
 * page's source file by its URL, and of every other file the index is made from (the synonyms) by
 * its name.
 */
export type ContentPrints = Record<string, string>;

export const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Why a query answered by `expect` ranks lower now through the content alone, or undefined.
 * A page's score depends on its own text and the query only (src/lib/search/rank.ts: field
 * weights and bonuses, no statistics over other pages), and ties go by date and kind, which are
 * the page's own too. So if the expected page, every page now ranked above it and the files
 * every page shares are as they were, only the search itself can have moved it.
 */
export function contentCause(expect: string, hits: readonly Hit[], was: ContentPrints, now: ContentPrints): string | undefined {
  const changed = (key: string) => was[key] !== now[key];
  const shared = Object.keys(now).filter((key) => !key.startsWith('/') && changed(key));
  if (shared.length > 0) return `${shared.join(', ')} changed`;
  const page = expect.split('#')[0] as string;
  if (changed(page)) return `${page} changed`;
  const rank = rankOf(hits, expect);
  const above = [...new Set((rank > 0 ? hits.slice(0, rank - 1) : hits).map((hit) => hit.url.split('#')[0] as string))];
  const moved = above.filter(changed);
  if (moved.length > 0) return `new or changed above it: ${moved.join(', ')}`;
  return undefined;
}
