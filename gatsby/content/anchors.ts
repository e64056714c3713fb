/**
 * Published anchors: every heading id a page has ever published stays a working link.
 *
 * content/anchors.json lists, per content file, the anchors its page has published and the
 * aliases of those that are gone (old id → the heading id it now lands on):
 *
 *   { "content/docs/desktop/wing/Get start.mdx": { "anchors": ["安装", "运行"], "aliases": { "运行": "启动" } } }
 *
 * `npm run anchors` (scripts/anchors.mts) adds the page's new anchors and, when a heading was
 * reworded, aliases its old anchor to the heading now standing in its place; check:content and
 * the strict build (gatsby/postbuild/link-report.ts) fail when a published anchor is neither on its
 * page nor aliased to an id that is. The page carries each alias as an empty element with the old
 * id at the start of the new heading (gatsby/markdown/anchor-aliases.ts), so old links land on it
 * with or without JavaScript.
 * Pure functions over plain objects: unit-testable.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ANCHORS_FILE = 'content/anchors.json';

export interface PageAnchors {
  /** Every anchor the page has published, in the order they first appeared. */
  anchors: string[];
  /** Published anchors that are no longer headings → the heading id they land on now. */
  aliases?: Record<string, string>;
}

export type PublishedAnchors = Record<string, PageAnchors>;

/** anchors.json of a content folder ({} when there is none yet). */
export function readPublishedAnchors(contentDir: string): PublishedAnchors {
  const file = path.join(contentDir, 'anchors.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as PublishedAnchors;
}

/** The aliases of one content file's page (old id → current heading id). */
export function aliasesOf(published: PublishedAnchors, file: string): Record<string, string> {
  return { ...(published[file]?.aliases ?? {}) };
}

/**
 * What is wrong with a page's published anchors, given the ids its page has now: published
 * anchors that are gone without an alias, aliases pointing at an id the page does not have, and
 * aliases hiding a heading that took the old id again.
 * `built`: `ids` are every id of the built page, alias elements included (the strict build's
 * check); then a published anchor must simply be there, and an alias's target too.
 */
export function anchorProblems(published: PublishedAnchors, file: string, ids: ReadonlySet<string>, { built = false }: { built?: boolean } = {}): string[] {
  const entry = published[file];
  if (!entry) return [];
  const aliases = entry.aliases ?? {};
  const problems: string[] = [];
  for (const anchor of entry.anchors) {
    const target = aliases[anchor];
    if (target === undefined || (built && ids.has(anchor) && ids.has(target))) {
      if (!ids.has(anchor)) problems.push(`已发布的锚点 #${anchor} 不见了（标题改过？）：运行 npm run anchors 把它指向现在的标题，或在 ${ANCHORS_FILE} 的 aliases 里写上 "${anchor}": "新锚点"`);
    } else if (ids.has(anchor) && !built) {
      problems.push(`锚点 #${anchor} 又是一个标题了：从 ${ANCHORS_FILE} 的 aliases 里删掉 "${anchor}"`);
    } else if (!ids.has(target)) {
      problems.push(`已发布的锚点 #${anchor} 指向的 #${target} 不在页面上：在 ${ANCHORS_FILE} 里改成现在的标题锚点`);
    } else if (built) {
      problems.push(`已发布的锚点 #${anchor} 不在页面上：它的别名没有放到 #${target} 的标题里`);
    }
  }
  return problems;
}

export interface AnchorUpdate {
  next: PublishedAnchors;
  /** Aliases added: file, old id, the id it now lands on. */
  aliased: Array<{ file: string; from: string; to: string }>;
  /** Published anchors gone that could not be paired with a new heading. */
  unresolved: Array<{ file: string; anchor: string }>;
}

/**
 * The published anchors after a change of content: each page's new ids are added; each published
 * anchor that disappeared (without an alias) is aliased to the new id standing where it stood:
 * the gone anchors and the new ids of a page are paired in page order when there are as many of
 * each (a reworded heading), otherwise left for the editor (unresolved). Pages whose file is gone
 * keep their entry (the check passes over them).
 */
export function updatePublishedAnchors(published: PublishedAnchors, pages: ReadonlyArray<{ file: string; ids: readonly string[] }>): AnchorUpdate {
  const next: PublishedAnchors = { ...published };
  const aliased: AnchorUpdate['aliased'] = [];
  const unresolved: AnchorUpdate['unresolved'] = [];
  for (const { file, ids } of pages) {
    const before = published[file] ?? { anchors: [] };
    const current = new Set(ids);
    const aliases = { ...(before.aliases ?? {}) };
    const known = new Set(before.anchors);
    // Old anchors that are headings again lose their alias.
    for (const from of Object.keys(aliases)) if (current.has(from)) delete aliases[from];
    const gone = before.anchors.filter((a) => !current.has(a) && !(a in aliases && current.has(aliases[a] as string)));
    const fresh = ids.filter((id) => !known.has(id));
    if (gone.length && gone.length === fresh.length) {
      gone.forEach((from, i) => {
        aliases[from] = fresh[i] as string;
        aliased.push({ file, from, to: fresh[i] as string });
      });
    } else for (const anchor of gone) unresolved.push({ file, anchor });
    const entry: PageAnchors = { anchors: [...before.anchors, ...fresh] };
    if (Object.keys(aliases).length) entry.aliases = Object.fromEntries(Object.entries(aliases).sort(([a], [b]) => entry.anchors.indexOf(a) - entry.anchors.indexOf(b)));
    next[file] = entry;
  }
  return { next: Object.fromEntries(Object.entries(next).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), aliased, unresolved };
}

/** content/anchors.json as written: one page per line group, stable order (small diffs). */
export function formatPublishedAnchors(published: PublishedAnchors): string {
  return `${JSON.stringify(published, null, 2)}\n`;
}
