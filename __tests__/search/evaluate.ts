/**
 * Scores a search function on the query set: recall@5 (the expected page or section is among the
 * first five results) and MRR (mean of 1/rank, 0 when missed), overall and per kind of query.
 */
import type { QueryCase, QueryKind } from './queries';

/** One result as the reader sees it: its link, and the links of its section sub-results. */
export interface Hit {
  url: string;
  sections: string[];
}

/** 1-based rank of the first result that answers `expect`, or 0. */
export function rankOf(hits: readonly Hit[], expect: string): number {
  const wantsSection = expect.includes('#');
  const i = hits.findIndex((h) => (wantsSection ? h.url === expect || h.sections.includes(expect) : h.url.split('#')[0] === expect));
  return i + 1;
}

/** One query's outcome: the 1-based rank of the first answer (0: not found). */
export interface QueryRank {
  q: string;
  expect: string;
  kind: QueryKind;
  rank: number;
}

export interface Evaluation {
  total: number;
  ranks: QueryRank[];
  recall5: number;
  mrr: number;
  misses: Array<{ q: string; expect: string; kind: QueryKind; got: string[] }>;
  byKind: Record<string, { n: number; recall5: number; mrr: number }>;
}

export function evaluate(queries: QueryCase[], search: (q: string) => Hit[], k = 5): Evaluation {
  const rows = queries.map((c) => {
    const hits = search(c.q);
    const rank = rankOf(hits, c.expect);
    return { c, rank, hit: rank > 0 && rank <= k, got: hits.slice(0, k).map((h) => h.url) };
  });
  const summarize = (rs: typeof rows) => ({
    n: rs.length,
    recall5: rs.filter((r) => r.hit).length / (rs.length || 1),
    mrr: rs.reduce((s, r) => s + (r.rank > 0 ? 1 / r.rank : 0), 0) / (rs.length || 1),
  });
  const byKind: Evaluation['byKind'] = {};
  for (const kind of [...new Set(rows.map((r) => r.c.kind))]) byKind[kind] = summarize(rows.filter((r) => r.c.kind === kind));
  const all = summarize(rows);
  return {
    total: rows.length,
    ranks: rows.map((r) => ({ q: r.c.q, expect: r.c.expect, kind: r.c.kind, rank: r.rank })),
    recall5: all.recall5,
    mrr: all.mrr,
    misses: rows.filter((r) => !r.hit).map((r) => ({ q: r.c.q, expect: r.c.expect, kind: r.c.kind, got: r.got })),
    byKind,
  };
}

export function formatEvaluation(e: Evaluation): string {
  const kinds = Object.entries(e.byKind)
    .map(([kind, s]) => `  ${kind.padEnd(12)} n=${String(s.n).padStart(3)}  recall@5 ${s.recall5.toFixed(3)}  MRR ${s.mrr.toFixed(3)}`)
    .join('\n');
  return `${e.total} queries: recall@5 ${e.recall5.toFixed(3)}, MRR ${e.mrr.toFixed(3)}\n${kinds}`;
}
