/**
 * The list of pages the not-found page suggests from (src/lib/suggest.ts), written to
 * PAGE_LIST_PATH after the build: every listed page of the plan with the title a reader knows it
 * by, docs first in sidebar order (so a folder's first page is its first entry), then posts newest
 * first, then the blog's lists. Fetched only by the not-found page, after it has rendered: no
 * other page carries it.
 */
import { byPosition } from '../../src/lib/docs';
import { listTitle } from '../../src/lib/format';
import type { DocEntry, PagePlan, PostEntry } from '../../src/lib/routes';
import { PAGE_LIST_PATH, type PageListFile } from '../../src/lib/suggest';
import { writeAt } from './write-discovery';

const LIST_TITLES: Partial<Record<PagePlan['kind'], string>> = { tags: '标签', archive: '历史博文' };

export function pageList(plan: readonly PagePlan[], posts: readonly PostEntry[], docs: readonly DocEntry[]): PageListFile {
  const postTitles = new Map(posts.filter((p) => !p.unlisted && !p.draft).map((p) => [p.slug, p.title]));
  const docTitles = new Map(docs.filter((d) => !d.unlisted).map((d) => [d.docId, d.title]));
  const order = new Map(docs.map((d) => [d.docId, d]));
  const docPages = plan
    .flatMap((p) => (p.kind === 'doc' && docTitles.has(p.context.docId) ? [{ path: p.path, doc: order.get(p.context.docId) as DocEntry }] : []))
    .sort((a, b) => byPosition({ sidebarPosition: a.doc.sidebarPosition, id: a.doc.docId }, { sidebarPosition: b.doc.sidebarPosition, id: b.doc.docId }));
  const out: PageListFile = docPages.map(({ path: p, doc }) => [p, doc.title]);
  for (const page of plan) {
    if (page.kind === 'post' && postTitles.has(page.context.slug)) out.push([page.path, postTitles.get(page.context.slug) as string]);
  }
  for (const page of plan) {
    if (page.kind === 'blog-list') out.push([page.path, listTitle('博客', page.context.page)]);
    else if (page.kind === 'tag-list') out.push([page.path, listTitle(`标签：${page.context.tag}`, page.context.page)]);
    else if (LIST_TITLES[page.kind]) out.push([page.path, LIST_TITLES[page.kind] as string]);
  }
  return out;
}

export const writePageList = (publicDir: string, list: PageListFile): void => writeAt(publicDir, PAGE_LIST_PATH, JSON.stringify(list));
