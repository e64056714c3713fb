/**
 * Which built page is audited in which mode (docs/testing.md). Pure functions over file names and HTML
 * text, unit-tested in __tests__/unit/audit-plan.test.ts; builtPages() in ./axe.ts reads public/
 * (which files are pages: gatsby/framework/internals.ts).
 *
 * Every page is audited in the first mode (light, 1440 px). The other modes sample every n-th
 * page, and in addition as few pages as cover every template and every feature of content
 * (sidebar, tables, code, callouts …) not yet in the sample, so each is seen in every mode
 * whatever the content is. Covering parts rather than each combination of them keeps the
 * sample's size flat as content grows: combinations multiply with new content, parts hardly do
 * (figures: docs/decisions/test-stages.md).
 */
import { AUDIT_FEATURES } from '../../../gatsby/markdown/constructs';
import { encodePath } from '../../../src/lib/url-path';

export interface AuditMode {
  name: string;
  theme: 'light' | 'dark';
  viewport: { width: number; height: number };
  /** Audit every n-th page (1: all); one page of each kind is audited in any case. */
  every: number;
}

export const AUDIT_MODES: readonly AuditMode[] = [
  { name: 'light 1440', theme: 'light', viewport: { width: 1440, height: 900 }, every: 1 },
  { name: 'dark 1440', theme: 'dark', viewport: { width: 1440, height: 900 }, every: 8 },
  { name: 'light 390', theme: 'light', viewport: { width: 390, height: 844 }, every: 16 },
  { name: 'dark 390', theme: 'dark', viewport: { width: 390, height: 844 }, every: 16 },
];

export interface BuiltPage {
  /** The HTML file, relative to public/ ('blog/binder/index.html'). */
  file: string;
  /** The site path it is the page of ('/blog/binder'); '/404.html' for the not-found page. */
  path: string;
  /** What the browser asks for (encoded; the not-found page through a path that does not exist). */
  url: string;
  /** Template and content features: pages of one kind share the markup worth auditing. */
  kind: string;
}

/** Requested to see the not-found page the server gives for any unknown path. */
export const MISSING_PATH = '/a11y-audit/no-such-page';

/**
 * Markup features of a server-rendered page that bring their own ARIA, landmarks or colours: the
 * templates' (the docs' sidebar and table of contents, list pagination, the unlisted notice) and
 * each content construct's (its `audit` in gatsby/markdown/constructs: tables, code, callouts …).
 */
const FEATURES: ReadonlyArray<[string, RegExp]> = [
  ['sidebar', /data-testid="doc-sidebar"/],
  ['toc', /data-testid="toc"/],
  ...AUDIT_FEATURES.map(({ feature, pattern }): [string, RegExp] => [feature, pattern]),
  ['pagination', /data-testid="pagination"/],
  ['unlisted', /data-testid="unlisted-notice"/],
];

/**
 * The kind of a page: its template (Gatsby's component chunk name, from page-data) and which of
 * the features its HTML has, e.g. 'templates-doc+sidebar+toc+table'.
 */
export function pageKind(componentChunkName: string, html: string): string {
  const template = componentChunkName.replace(/^component---src-/, '').replace(/-tsx$/, '');
  const main = html.slice(html.indexOf('<main') >= 0 ? html.indexOf('<main') : 0);
  return [template, ...FEATURES.filter(([, pattern]) => pattern.test(main)).map(([name]) => name)].join('+');
}

export function builtPage(file: string, path: string, kind: string): BuiltPage {
  return { file, path, kind, url: path === '/404.html' ? MISSING_PATH : encodePath(path) };
}

export interface AuditTask {
  page: BuiltPage;
  mode: AuditMode;
  /**
   * Loaded as a new document (the server's HTML, then hydration), as when a reader arrives from
   * elsewhere; otherwise reached by client-side navigation from the page audited before it, as
   * when a reader follows a link within the site. In the first mode, a page bringing a template
   * or feature no document before it had is a document, so every template and feature is audited
   * as the server sends it; the same React tree renders both ways.
   */
  document: boolean;
}

/** The parts of a page's kind: its template, then each feature ('templates-doc', 'sidebar', …). */
export const kindParts = (kind: string): string[] => kind.split('+');

/**
 * Pages to add to `chosen` (changed in place) until together they have every part of `all`: each
 * time the page with the most parts still missing, the (`turn` modulo their number)-th of the
 * pages tied for most, so that modes with different turns look at different pages.
 */
function coverParts(sorted: readonly BuiltPage[], chosen: Set<BuiltPage>, all: ReadonlySet<string>, turn: number): void {
  const covered = new Set([...chosen].flatMap((page) => kindParts(page.kind)));
  for (;;) {
    let best: BuiltPage[] = [];
    let most = 0;
    for (const page of sorted) {
      if (chosen.has(page)) continue;
      const missing = kindParts(page.kind).filter((part) => all.has(part) && !covered.has(part)).length;
      if (missing > most) [best, most] = [[page], missing];
      else if (missing === most && missing > 0) best.push(page);
    }
    const pick = best[turn % Math.max(best.length, 1)];
    if (!pick) return;
    chosen.add(pick);
    for (const part of kindParts(pick.kind)) covered.add(part);
  }
}

/**
 * The page-modes to audit, pages in path order: in mode i, every page whose index is i modulo the
 * mode's `every`, plus pages chosen to cover every template and feature the sample lacks (a
 * different choice per mode where several pages would do). In the first mode, each page with a
 * part no earlier document had is loaded as a document (AuditTask.document).
 */
export function planAudit(pages: readonly BuiltPage[], modes: readonly AuditMode[] = AUDIT_MODES): AuditTask[] {
  const sorted = [...pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const parts = new Set(sorted.flatMap((page) => kindParts(page.kind)));
  const tasks: AuditTask[] = [];
  const loadedAsDocument = new Set<string>();
  modes.forEach((mode, m) => {
    const chosen = new Set(sorted.filter((_, i) => i % mode.every === m % mode.every));
    coverParts(sorted, chosen, parts, m);
    for (const page of sorted) {
      if (!chosen.has(page)) continue;
      const own = kindParts(page.kind);
      const document = m === 0 && own.some((part) => !loadedAsDocument.has(part));
      if (document) for (const part of own) loadedAsDocument.add(part);
      tasks.push({ page, mode, document });
    }
  });
  return tasks;
}

/** Test files that each audit one shard of the plan: a11y-pages-<n>.test.ts, n = 1 … count. */
export const SHARD_FILE = /^a11y-pages-(\d+)\.test\.ts$/;

/**
 * Which shard a test file audits and of how many, from its name and the names of its siblings.
 * Throws unless the shard files are numbered 1 … count without gaps, so that no part of the plan
 * can go unaudited because a file was removed or misnamed.
 */
export function shardOfFile(file: string, siblings: readonly string[]): { shard: number; count: number } {
  const numbers = siblings
    .map((name) => SHARD_FILE.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const count = numbers.length;
  if (numbers.some((n, i) => n !== i + 1)) throw new Error(`a11y-pages-<n>.test.ts 应编号为 1…${count}，实际为 ${numbers.join(', ')}`);
  const shard = Number(SHARD_FILE.exec(file)?.[1]);
  if (!numbers.includes(shard)) throw new Error(`${file} 不是 a11y-pages-<n>.test.ts 之一`);
  return { shard, count };
}

/**
 * The tasks of shard `shard` (1-based) of `count`: every count-th task of the plan, so the shards
 * are disjoint, together hold the whole plan, and differ in size by one task at most.
 */
export function shardTasks<T>(plan: readonly T[], shard: number, count: number): T[] {
  return plan.filter((_, i) => i % count === shard - 1);
}
