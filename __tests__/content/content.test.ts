import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readFrontmatter } from '../../gatsby/content/frontmatter';
import { aliasesOf, readPublishedAnchors } from '../../gatsby/content/anchors';
import { contentPages } from '../../gatsby/content/link-targets';
import { loadContent } from '../../gatsby/content/loader';
import { scanMdx } from '../../gatsby/content/rules';
import { checkPageLinks } from '../../gatsby/content/link-check';
import { docEntry, planSite, postEntry } from '../../src/lib/routes';
import { tagPath } from '../../src/lib/tags';
import { missingSpecRoutes, readSpecRoutes } from '../../gatsby/content/spec-routes';

const root = path.resolve(__dirname, '../..');
const { posts, docs, errors } = loadContent(root);
const listed = posts.filter((p) => !p.frontmatter.unlisted && !p.frontmatter.draft);
const plan = planSite(
  posts.map((p) => postEntry(p.file, p.file, p.frontmatter, 1)),
  docs.map((d) => docEntry(d.file, d.file, d.docId, d.frontmatter)),
  { includeDrafts: false },
);

function prose(body: string): string {
  return body.replace(/```[\s\S]*?```/g, '').replace(/`[^`]*`/g, '');
}

describe('content model', () => {
  it('has no frontmatter errors', () => {
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it('reads every frontmatter as the Gatsby build’s Mdx nodes and queries do (gatsby-plugin-mdx’s js-yaml, dates as date(formatString: "YYYY-MM-DD"))', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of the plugin, without types
    const gatsby = require('gatsby-plugin-mdx/dist/frontmatter') as { parseFrontmatter(key: string, source: string): { frontmatter: Record<string, unknown> } };
    const asQueried = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);
    const files = [...posts, ...docs].map((item) => item.file);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const source = readFileSync(path.join(root, file), 'utf8');
      const theirs = Object.fromEntries(Object.entries(gatsby.parseFrontmatter(file, source).frontmatter).map(([key, value]) => [key, asQueried(value)]));
      expect([file, readFrontmatter(source).data]).toEqual([file, theirs]);
    }
  });
});

/**
 * The spec's list length: blog and tag lists show 9 posts a page. Deliberately not POSTS_PER_PAGE:
 * the plan must show what the spec asks for, whatever the code's constant says.
 */
const PER_PAGE = 9;
const listedPaths = listed.map((p) => `/blog/${p.frontmatter.slug}`);
const byTag = new Map<string, string[]>();
for (const post of listed) for (const tag of new Set(post.frontmatter.tags)) byTag.set(tag, [...(byTag.get(tag) ?? []), `/blog/${post.frontmatter.slug}`]);
const blogLists = plan.flatMap((page) => (page.kind === 'blog-list' ? [page] : []));
const tagLists = plan.flatMap((page) => (page.kind === 'tag-list' ? [page] : []));
/** Posts on list pages, page by page: their paths, and their dates (newest first, across pages). */
const pathsOn = (pages: ReadonlyArray<{ context: { posts: Array<{ path: string }> } }>) => pages.flatMap((page) => page.context.posts.map((post) => post.path));
const datesOn = (pages: ReadonlyArray<{ context: { posts: Array<{ date: string }> } }>) => pages.flatMap((page) => page.context.posts.map((post) => post.date));
const newestFirst = (dates: string[]) => dates.every((date, i) => i === 0 || date <= (dates[i - 1] as string));
/** The list pages n posts make under `base`: their paths and how many posts each holds. */
function expectedPages(base: string, n: number): Array<[string, number]> {
  const count = Math.max(1, Math.ceil(n / PER_PAGE));
  return Array.from({ length: count }, (_, i) => [i === 0 ? base : `${base}/page/${i + 1}`, Math.min(PER_PAGE, n - i * PER_PAGE)]);
}

// Rules, not today's numbers: a new post, a retag or a new tag keeps them true (today's counts —
// six blog list pages, three for android, two for 产品 and 空壳 — are routes.txt's, checked by the
// route tests against the build).
describe('blog lists, tags and archive', () => {
  it('has listed posts, some of them tagged', () => {
    expect(listed.length).toBeGreaterThan(0);
    expect(byTag.size).toBeGreaterThan(0);
  });

  it('puts every listed post on exactly one blog list page, newest first, 9 to a page', () => {
    const pages = blogLists;
    expect([...pathsOn(pages)].sort()).toEqual([...listedPaths].sort());
    expect(pages.map((page) => [page.path, page.context.posts.length])).toEqual(expectedPages('/blog', listed.length));
    expect(newestFirst(datesOn(pages))).toBe(true);
  });

  it('gives each tag of a listed post its own pages, holding exactly the listed posts with that tag, newest first, 9 to a page', () => {
    const pages = tagLists;
    expect(new Set(pages.map((page) => page.context.tag))).toEqual(new Set(byTag.keys()));
    for (const [tag, paths] of byTag) {
      const own = pages.filter((page) => page.context.tag === tag);
      expect([tag, [...pathsOn(own)].sort()]).toEqual([tag, [...paths].sort()]);
      expect([tag, own.map((page) => [page.path, page.context.posts.length])]).toEqual([tag, expectedPages(tagPath(tag), paths.length)]);
      expect([tag, newestFirst(datesOn(own))]).toEqual([tag, true]);
    }
    const index = plan.find((page) => page.kind === 'tags');
    expect(index?.kind === 'tags' && Object.fromEntries(index.context.tags.map((t) => [t.label, t.count]))).toEqual(Object.fromEntries([...byTag].map(([tag, paths]) => [tag, paths.length])));
  });

  it('lists every listed post once in the archive, newest first', () => {
    const archive = plan.find((page) => page.kind === 'archive');
    const posts = archive?.kind === 'archive' ? archive.context.years.flatMap((year) => year.posts) : [];
    expect(posts.map((post) => post.path).sort()).toEqual([...listedPaths].sort());
    expect(newestFirst(posts.map((post) => post.date))).toBe(true);
  });

  it('builds every /blog and /docs route of routes.txt from today’s content', () => {
    const spec = readSpecRoutes(root) ?? [];
    expect(spec.filter(({ route }) => /^\/(blog|docs)(\/|$)/.test(route)).length).toBeGreaterThan(0);
    // Each message names the route's line and says the list is the spec's (as check:content does).
    expect(missingSpecRoutes(spec, new Set(plan.map((page) => page.path)))).toEqual([]);
  });
});

// Rules that hold whatever a page says: new posts, a new tag or two fewer posts keep them true (an
// editor's edit must not turn them red; CONTRIBUTING.md). What a page's own text or frontmatter must
// be (a paragraph of Chinese, authors, cover images, …) is npm run check:content's: ../content/rules.test.ts
// and the frontmatter errors above.
describe('docs', () => {
  it('gives a doc a sidebar exactly when its frontmatter does not hide it', () => {
    const pages = plan.flatMap((page) => (page.kind === 'doc' ? [page] : []));
    expect(pages.some((page) => page.context.sidebarKey !== null)).toBe(true);
    const hidden = new Set(docs.filter((d) => d.frontmatter.hide_sidebar).map((d) => d.docId));
    expect(pages.filter((page) => (page.context.sidebarKey === null) !== hidden.has(page.context.docId)).map((page) => page.context.docId)).toEqual([]);
  });
});

describe('links and images in content', () => {
  it('resolves every internal link (pages and anchors, old anchors of reworded headings too)', () => {
    // The links as the editorial rules read them (scanMdx), checked by the site's one link check; an anchor
    // that `npm run anchors` aliased to a reworded heading still lands (content/anchors.json), as in check:content.
    const published = readPublishedAnchors(path.join(root, 'content'));
    const pages = contentPages(
      plan,
      [...posts, ...docs].map((item) => ({ path: item.path, body: item.body, aliases: Object.keys(aliasesOf(published, item.file)), links: scanMdx(item.body).links.map((l) => ({ ...l, file: item.file })) })),
    );
    expect(checkPageLinks(pages).map(({ link, message }) => `${link.file}:${link.line} ${link.href} ${message}`)).toEqual([]);
  });

  it('resolves every relative image reference', () => {
    const missing: string[] = [];
    for (const item of [...posts, ...docs]) {
      const dir = path.dirname(path.join(root, item.file));
      for (const match of prose(item.body).matchAll(/!\[[^\]]*\]\((\.[^)\s]+)\)/g)) {
        if (!existsSync(path.join(dir, decodeURIComponent(match[1] as string)))) missing.push(`${item.file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
