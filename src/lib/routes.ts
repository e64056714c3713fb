/**
 * The route plan: every page the site builds, decided from the validated content alone.
 * gatsby-node queries the content, calls planSite() and hands each entry to createPage.
 */
import { groupByYear, sortNewestFirst } from './archive';
import type { DocFrontmatter, PostFrontmatter } from './types/frontmatter';
import { docBreadcrumbs, type Crumb } from './breadcrumbs';
import { buildSidebars, docPath, neighbours, sidebarKey, type SidebarLink } from './docs';
import { paginate, POSTS_PER_PAGE } from './paginate';
import { postsWithTag, summarizeTags, tagPath, type TagSummary } from './tags';
import { seriesBoxes, type SeriesBox, type SeriesNames } from './series';

export const BLOG_BASE = '/blog';
export const TAGS_PATH = '/blog/tags';
export const ARCHIVE_PATH = '/blog/archive';

export interface PostEntry extends Omit<PostFrontmatter, 'image'> {
  /** GraphQL node id of the MDX node. */
  id: string;
  file: string;
  readingMinutes: number;
}

export interface DocEntry {
  id: string;
  file: string;
  /** `desktop/wing/Get start` */
  docId: string;
  title: string;
  sidebarLabel?: string;
  sidebarPosition?: number;
  description?: string;
  hideSidebar: boolean;
  unlisted: boolean;
}

/**
 * Validated content → the plan's entries: the one mapping, used by the Gatsby build
 * (gatsby/content/gatsby-node.ts), `npm run check:content` and the content tests.
 */
export function postEntry(id: string, file: string, frontmatter: PostFrontmatter, readingMinutes: number): PostEntry {
  const { image: _cover, ...fields } = frontmatter;
  return { id, file, ...fields, readingMinutes };
}

export function docEntry(id: string, file: string, docId: string, frontmatter: DocFrontmatter): DocEntry {
  return {
    id,
    file,
    docId,
    title: frontmatter.title,
    sidebarLabel: frontmatter.sidebar_label,
    sidebarPosition: frontmatter.sidebar_position,
    description: frontmatter.description,
    hideSidebar: frontmatter.hide_sidebar,
    unlisted: frontmatter.unlisted,
  };
}

/** What a list item needs: kept small because it travels in page-data. */
export interface PostSummary {
  slug: string;
  path: string;
  title: string;
  date: string;
  tags: string[];
  description: string;
  readingMinutes: number;
}

export interface NavLink {
  title: string;
  path: string;
}

/** A related post at the end of a post (gatsby/content/related.ts). */
export interface RelatedLink extends NavLink {
  date: string;
}

export type PagePlan =
  | {
      kind: 'post';
      path: string;
      context: { id: string; slug: string; previous: NavLink | null; next: NavLink | null; readingMinutes: number; series: SeriesBox | null; related: RelatedLink[] };
    }
  | { kind: 'blog-list'; path: string; context: ListContext }
  | { kind: 'tag-list'; path: string; context: ListContext & { tag: string } }
  | { kind: 'tags'; path: string; context: { tags: TagSummary[] } }
  | { kind: 'archive'; path: string; context: { years: Array<{ year: string; posts: PostSummary[] }> } }
  | {
      kind: 'doc';
      path: string;
      context: {
        id: string;
        docId: string;
        /**
         * Which product sidebar the page shows (null: none). The sidebars themselves are shared by
         * every doc page through one static query (src/components/docs/useDocSidebar.ts) rather
         * than copied into each page's data, which grew with the square of the docs.
         */
        sidebarKey: string | null;
        breadcrumbs: Crumb[];
        previous: NavLink | null;
        next: NavLink | null;
      };
    };

export interface ListContext {
  page: number;
  numPages: number;
  basePath: string;
  previousPath: string | null;
  nextPath: string | null;
  posts: PostSummary[];
}

export function postPath(slug: string): string {
  return `${BLOG_BASE}/${slug}`;
}

export function summarize(post: PostEntry): PostSummary {
  return {
    slug: post.slug,
    path: postPath(post.slug),
    title: post.title,
    date: post.date,
    tags: post.tags,
    description: post.description,
    readingMinutes: post.readingMinutes,
  };
}

function listPages(posts: PostSummary[], basePath: string): Array<{ path: string; context: ListContext }> {
  return paginate(posts, basePath, POSTS_PER_PAGE).map((p) => ({
    path: p.path,
    context: {
      page: p.page,
      numPages: p.numPages,
      basePath,
      previousPath: p.previousPath,
      nextPath: p.nextPath,
      posts: p.items,
    },
  }));
}

function toNav(link: SidebarLink | null): NavLink | null {
  return link ? { title: link.label, path: link.path } : null;
}

export interface PlanOptions {
  /** Drafts are built by `gatsby develop` only. */
  includeDrafts: boolean;
  /** Display name of a product folder (`desktop/wing` → `Wing`) for breadcrumbs. */
  toolName?: (key: string) => string | undefined;
  /** Series key → name (content/series.yaml): posts with `series:` get a series box. */
  seriesNames?: SeriesNames;
  /** Up to three related posts by slug, computed from the posts' text (gatsby/content/related.ts). */
  related?: ReadonlyMap<string, RelatedLink[]>;
}

export function planSite(posts: readonly PostEntry[], docs: readonly DocEntry[], options: PlanOptions): PagePlan[] {
  const built = sortNewestFirst(posts.filter((p) => options.includeDrafts || !p.draft));
  const listed = built.filter((p) => !p.unlisted);
  const listedSummaries = listed.map(summarize);
  const plan: PagePlan[] = [];
  const boxes = seriesBoxes(
    built.map((p) => ({ slug: p.slug, path: postPath(p.slug), title: p.title, date: p.date, series: p.series, seriesPosition: p.series_position })),
    new Set(listed.map((p) => p.slug)),
    options.seriesNames ?? {},
  );

  for (const post of built) {
    const index = listed.indexOf(post);
    // Lists run newest first: "previous" is the older neighbour, "next" the newer one.
    const older = index >= 0 ? listed[index + 1] : undefined;
    const newer = index > 0 ? listed[index - 1] : undefined;
    plan.push({
      kind: 'post',
      path: postPath(post.slug),
      context: {
        id: post.id,
        slug: post.slug,
        readingMinutes: post.readingMinutes,
        previous: older ? { title: older.title, path: postPath(older.slug) } : null,
        next: newer ? { title: newer.title, path: postPath(newer.slug) } : null,
        series: boxes.get(post.slug) ?? null,
        related: options.related?.get(post.slug) ?? [],
      },
    });
  }

  for (const page of listPages(listedSummaries, BLOG_BASE)) plan.push({ kind: 'blog-list', ...page });

  const tags = summarizeTags(listed);
  plan.push({ kind: 'tags', path: TAGS_PATH, context: { tags } });
  for (const tag of tags) {
    for (const page of listPages(postsWithTag(listedSummaries, tag.label), tagPath(tag.label))) {
      plan.push({ kind: 'tag-list', path: page.path, context: { ...page.context, tag: tag.label } });
    }
  }

  plan.push({ kind: 'archive', path: ARCHIVE_PATH, context: { years: groupByYear(listedSummaries) } });

  const sidebars = buildSidebars(
    docs.map((d) => ({
      id: d.docId,
      title: d.title,
      sidebarLabel: d.sidebarLabel,
      sidebarPosition: d.sidebarPosition,
      hideSidebar: d.hideSidebar,
      unlisted: d.unlisted,
    })),
  );
  const docIds = new Set(docs.map((d) => d.docId));
  const toolName = options.toolName ?? (() => undefined);
  for (const doc of docs) {
    const breadcrumbs = docBreadcrumbs(doc.docId, doc.title, toolName, (id) => docIds.has(id));
    const sidebar = doc.hideSidebar ? undefined : sidebars.get(sidebarKey(doc.docId));
    const { previous, next } = neighbours(sidebar, doc.docId);
    plan.push({
      kind: 'doc',
      path: docPath(doc.docId),
      context: { id: doc.id, docId: doc.docId, sidebarKey: sidebar ? sidebar.key : null, breadcrumbs, previous: toNav(previous), next: toNav(next) },
    });
  }

  return plan;
}

/** Paths that two pages both claim, e.g. a doc and a post resolving to the same URL. */
export function duplicatePaths(plan: ReadonlyArray<{ path: string }>): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const { path } of plan) {
    const key = path.toLowerCase();
    if (seen.has(key)) dupes.add(path);
    seen.add(key);
  }
  return [...dupes];
}
