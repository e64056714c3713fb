/**
 * The per-query baseline of the search quality test (baseline.json): the rank each query of the
 * set reached when the file was last written. Every query that was in the top 5 then is gated on
 * its own: it must stay in the top 5. The file changes only through `npm run search:baseline`, and
 * its diff (one line per query) is reviewed like code: a query leaving the top 5 shows as a rank
 * going past 5, a newly passing one as a rank coming under it.
 */
import type { QueryRank } from './evaluate';

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
}

export function checkBaseline(baseline: readonly BaselineEntry[], ranks: readonly QueryRank[]): BaselineCheck {
  const byQuery = new Map(baseline.map((entry) => [entry.q, entry]));
  const inSet = new Set(ranks.map((r) => r.q));
  const result: BaselineCheck = { regressed: [], unrecorded: [], dropped: baseline.filter((e) => !inSet.has(e.q)).map((e) => e.q), misses: [], improved: [] };
  for (const now of ranks) {
    const was = byQuery.get(now.q);
    if (!was || was.expect !== now.expect) result.unrecorded.push(now.q);
    else if (passes(was.rank) && !passes(now.rank)) result.regressed.push(`${now.q} → ${now.expect}: rank ${was.rank} → ${now.rank || 'not found'}`);
    else if (!passes(was.rank) && passes(now.rank)) result.improved.push(`${now.q} → ${now.expect}: rank ${was.rank || 'not found'} → ${now.rank}`);
    else if (!passes(was.rank)) result.misses.push({ ...now, was: was.rank });
  }
  return result;
}
