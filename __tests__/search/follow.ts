/**
 * The query set names real pages and sections (queries.ts), and editors move them: a post is
 * deleted, a heading reworded. Before a query is scored, its expected answer is looked up on the
 * content as it is now: a section whose heading was reworded is followed to the id its old anchor
 * now lands on (content/anchors.json's aliases, written by `npm run anchors`); a query whose page
 * or section is gone is skipped and reported, never failed. Pure functions over plain data.
 */
import type { QueryCase } from './queries';

export interface ContentNow {
  /** Every page's url and the heading ids its rendered page has. */
  ids: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every page's anchor aliases (old id → the heading id it lands on now), by url. */
  aliases: ReadonlyMap<string, Readonly<Record<string, string>>>;
}

export interface FollowedQueries {
  /** The queries to score, each with the answer it has now. */
  cases: QueryCase[];
  /** Queries whose section was followed to its new id. */
  followed: Array<{ q: string; from: string; to: string }>;
  /** Queries whose page or section no longer exists. */
  skipped: Array<{ q: string; expect: string; why: string }>;
}

export function followQueries(queries: readonly QueryCase[], now: ContentNow): FollowedQueries {
  const result: FollowedQueries = { cases: [], followed: [], skipped: [] };
  for (const query of queries) {
    const [url, id] = query.expect.split('#') as [string, string | undefined];
    const ids = now.ids.get(url);
    if (!ids) {
      result.skipped.push({ q: query.q, expect: query.expect, why: 'the page is gone' });
      continue;
    }
    if (id === undefined || ids.has(id)) {
      result.cases.push(query);
      continue;
    }
    const to = now.aliases.get(url)?.[id];
    if (to !== undefined && ids.has(to)) {
      result.cases.push({ ...query, expect: `${url}#${to}` });
      result.followed.push({ q: query.q, from: query.expect, to: `${url}#${to}` });
    } else {
      result.skipped.push({ q: query.q, expect: query.expect, why: 'the section is gone and no anchor alias says where' });
    }
  }
  return result;
}

/** How the report reads: one line per followed or skipped query. */
export function formatFollowed({ followed, skipped }: FollowedQueries): string {
  const lines = [...followed.map((f) => `  followed: ${f.q} → ${f.from} is now ${f.to}`), ...skipped.map((s) => `  skipped: ${s.q} → ${s.expect} (${s.why})`)];
  return lines.join('\n') || '  (none)';
}
