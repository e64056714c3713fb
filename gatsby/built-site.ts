/** What createPages planned, kept in memory for the post-build pass of the same process. */
import type { LastUpdated } from '../src/lib/last-updated';
import type { DocEntry, PagePlan, PostEntry } from '../src/lib/routes';
import type { PlannedCard } from '../src/lib/types/share-card';
import type { SeriesBox } from '../src/lib/series';

export interface BuiltSite {
  plan: PagePlan[];
  posts: PostEntry[];
  docs: DocEntry[];
  /** Paths two planned pages share (reported by the link report). */
  duplicates: string[];
  cards: Map<string, PlannedCard>;
  /** “最后更新于” of the posts and docs that show one, by page path (gatsby/content/git-history.ts). */
  lastUpdated: Map<string, LastUpdated>;
}

let built: BuiltSite | null = null;

export function rememberBuiltSite(site: BuiltSite): void {
  built = site;
}

/** The plan of this build, or null when createPages stopped early (content errors). */
export function builtSite(): BuiltSite | null {
  return built;
}

/** The series box a planned post page shows (none for docs and posts outside a series), for its Markdown version. */
export function seriesOf(plan: readonly PagePlan[], pagePath: string): SeriesBox | undefined {
  const page = plan.find((p) => p.path === pagePath);
  return page?.kind === 'post' ? (page.context.series ?? undefined) : undefined;
}
