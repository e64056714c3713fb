/**
 * Two snapshots of the site (./snapshot.ts) → what a reviewer needs to know about the change: the
 * pages added, removed and changed (and which sections of a changed page), the broken links and
 * anchors that are new or fixed, and each figure with its delta and whether it passes its budget.
 * A pure function: tested with hand-made snapshots (__tests__/unit/build-report.test.ts).
 */
import { QUERY_BUDGET } from '../../src/lib/search/shards';
import type { BrokenLink, PageSnapshot, SectionSnapshot, SiteSnapshot } from './snapshot';

const KB = 1024;
/**
 * First-load JavaScript, gzip (docs/spec.md §11, checked per page by __tests__/e2e/js-budget.test.ts):
 * 90 KB for any page, and at most 3 KB more for the tab sets, loaded by pages that have them.
 */
export const JS_BUDGET = { page: 90 * KB, tabs: 3 * KB };

export interface PageRef {
  path: string;
  title: string;
  type: string;
}

export interface SectionChange {
  id: string | null;
  heading: string;
  change: 'added' | 'removed' | 'changed';
}

export interface ChangedPage extends PageRef {
  /** The title before, when it changed. */
  titleBefore?: string;
  sections: SectionChange[];
}

export interface Figure {
  base: number | null;
  head: number | null;
  /** null: no budget. */
  budget: number | null;
  /** The head passes its budget. */
  over: boolean;
}

export interface ReportModel {
  base: { label: string; commit: string | null; pages: number };
  head: { label: string; commit: string | null; pages: number };
  added: PageRef[];
  removed: PageRef[];
  changed: ChangedPage[];
  links: { added: BrokenLink[]; fixed: BrokenLink[]; still: number };
  /** First-load JavaScript per page type (gzip), then 'tabs' on top for pages with tab sets. */
  js: Array<Figure & { type: string }>;
  search: Figure & { query: string | null };
  html: Figure;
  images: Figure;
  buildSeconds: Figure;
}

const ref = (page: PageSnapshot): PageRef => ({ path: page.path, title: page.title, type: page.type });
const linkKey = (l: BrokenLink) => `${l.page}\0${l.link}`;
const sectionKey = (s: SectionSnapshot) => s.id ?? '';

function sectionChanges(before: SectionSnapshot[], after: SectionSnapshot[]): SectionChange[] {
  const old = new Map(before.map((s) => [sectionKey(s), s]));
  const now = new Map(after.map((s) => [sectionKey(s), s]));
  const changes: SectionChange[] = [];
  for (const s of after) {
    const was = old.get(sectionKey(s));
    if (!was) changes.push({ id: s.id, heading: s.heading, change: 'added' });
    else if (was.hash !== s.hash) changes.push({ id: s.id, heading: s.heading, change: 'changed' });
  }
  for (const s of before) if (!now.has(sectionKey(s))) changes.push({ id: s.id, heading: s.heading, change: 'removed' });
  return changes;
}

const figure = (base: number | null, head: number | null, budget: number | null = null): Figure => ({ base, head, budget, over: budget !== null && head !== null && head > budget });

export function compareSnapshots(base: SiteSnapshot, head: SiteSnapshot): ReportModel {
  const before = new Map(base.pages.map((p) => [p.path, p]));
  const after = new Map(head.pages.map((p) => [p.path, p]));
  const added = head.pages.filter((p) => !before.has(p.path)).map(ref);
  const removed = base.pages.filter((p) => !after.has(p.path)).map(ref);
  const changed: ChangedPage[] = [];
  for (const page of head.pages) {
    const was = before.get(page.path);
    if (!was) continue;
    const sections = sectionChanges(was.sections, page.sections);
    if (sections.length === 0 && was.title === page.title && was.type === page.type) continue;
    changed.push({ ...ref(page), ...(was.title !== page.title ? { titleBefore: was.title } : {}), sections });
  }

  const baseLinks = new Set(base.brokenLinks.map(linkKey));
  const headLinks = new Set(head.brokenLinks.map(linkKey));
  const links = {
    added: head.brokenLinks.filter((l) => !baseLinks.has(linkKey(l))),
    fixed: base.brokenLinks.filter((l) => !headLinks.has(linkKey(l))),
    still: head.brokenLinks.filter((l) => baseLinks.has(linkKey(l))).length,
  };

  const types = [...new Set([...Object.keys(head.js), ...Object.keys(base.js)])].sort();
  const js = [
    ...types.map((type) => ({ type, ...figure(base.js[type]?.bytes ?? null, head.js[type]?.bytes ?? null, JS_BUDGET.page) })),
    ...(base.tabsJs !== null || head.tabsJs !== null ? [{ type: 'tabs', ...figure(base.tabsJs, head.tabsJs, JS_BUDGET.tabs) }] : []),
  ];

  return {
    base: { label: base.label, commit: base.commit, pages: base.pages.length },
    head: { label: head.label, commit: head.commit, pages: head.pages.length },
    added,
    removed,
    changed,
    links,
    js,
    search: { ...figure(base.search?.bytes ?? null, head.search?.bytes ?? null, QUERY_BUDGET.first), query: head.search?.query ?? null },
    html: figure(base.htmlBytes, head.htmlBytes),
    images: figure(base.imageBytes, head.imageBytes),
    buildSeconds: figure(base.buildSeconds, head.buildSeconds),
  };
}
