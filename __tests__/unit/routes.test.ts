import { duplicatePaths, planSite, type DocEntry, type PostEntry } from '../../src/lib/routes';
import { missingSpecRoutes, parseSpecRoutes } from '../../gatsby/content/spec-routes';

function post(slug: string, date: string, tags: string[], extra: Partial<PostEntry> = {}): PostEntry {
  return { id: slug, file: `content/blog/${date}-${slug}/index.mdx`, slug, title: `标题 ${slug}`, date, tags, authors: ['tiony.bo'], description: 'd', readingMinutes: 3, unlisted: false, draft: false, ...extra };
}

function doc(docId: string, position: number, extra: Partial<DocEntry> = {}): DocEntry {
  return { id: docId, file: `content/docs/${docId}.mdx`, docId, title: docId, sidebarPosition: position, hideSidebar: false, unlisted: false, ...extra };
}

const posts = [
  ...Array.from({ length: 20 }, (_, i) => post(`p${i}`, `2024-01-${String(i + 1).padStart(2, '0')}`, i % 2 ? ['android'] : ['android', '空壳'])),
  post('hidden', '2024-02-01', ['android'], { unlisted: true }),
  post('wip', '2024-03-01', ['android'], { draft: true }),
];
const docs = [doc('desktop/wing/Introduce', 1), doc('desktop/wing/Get start', 2), doc('mobile/konker/desc/konker-qa', 11, { hideSidebar: true })];

describe('planSite', () => {
  const plan = planSite(posts, docs, { includeDrafts: false, toolName: (k) => (k === 'desktop/wing' ? 'Wing' : undefined) });
  const paths = plan.map((p) => p.path);

  it('builds posts, lists, tags, archive and docs', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['/blog/p0', '/blog', '/blog/page/3', '/blog/tags', '/blog/tags/android', '/blog/tags/android/page/3', '/blog/tags/空壳/page/2', '/blog/archive', '/docs/desktop/wing/Get start']),
    );
    expect(paths).not.toContain('/blog/page/4');
    expect(paths).not.toContain('/blog/page/1');
  });

  it('builds unlisted posts but keeps them out of lists, tags and archive', () => {
    expect(paths).toContain('/blog/hidden');
    const listed = plan.flatMap((p) => (p.kind === 'blog-list' || p.kind === 'tag-list' ? p.context.posts.map((s) => s.slug) : []));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain('hidden');
    const tags = plan.find((p) => p.kind === 'tags');
    expect(tags?.kind === 'tags' && tags.context.tags.find((t) => t.label === 'android')?.count).toBe(20);
  });

  it('builds drafts only when asked', () => {
    expect(paths).not.toContain('/blog/wip');
    expect(planSite(posts, docs, { includeDrafts: true }).map((p) => p.path)).toContain('/blog/wip');
  });

  it('lists newest first with 9 per page', () => {
    const first = plan.find((p) => p.path === '/blog');
    expect(first?.kind === 'blog-list' && first.context.posts.map((s) => s.slug).slice(0, 2)).toEqual(['p19', 'p18']);
    expect(first?.kind === 'blog-list' && first.context.numPages).toBe(3);
  });

  it('links posts to their older and newer neighbours', () => {
    const p10 = plan.find((p) => p.path === '/blog/p10');
    expect(p10?.kind === 'post' && p10.context.previous?.path).toBe('/blog/p9');
    expect(p10?.kind === 'post' && p10.context.next?.path).toBe('/blog/p11');
  });

  it('gives docs sidebars, breadcrumbs and neighbours; hidden docs get no sidebar', () => {
    const getStart = plan.find((p) => p.path === '/docs/desktop/wing/Get start');
    expect(getStart?.kind === 'doc' && getStart.context.previous?.path).toBe('/docs/desktop/wing/Introduce');
    expect(getStart?.kind === 'doc' && getStart.context.breadcrumbs.map((c) => c.label)).toEqual(['首页', '桌面端', 'Wing', 'desktop/wing/Get start']);
    const qa = plan.find((p) => p.path === '/docs/mobile/konker/desc/konker-qa');
    expect(qa?.kind === 'doc' && qa.context.sidebarKey).toBeNull();
    expect(getStart?.kind === 'doc' && getStart.context.sidebarKey).toBe('desktop/wing');
  });

  it('reports duplicate paths', () => {
    expect(duplicatePaths([{ path: '/a' }, { path: '/b' }, { path: '/A' }])).toEqual(['/A']);
    expect(duplicatePaths(plan)).toEqual([]);
  });
});

describe('the spec’s routes the content must keep (gatsby/content/spec-routes.ts)', () => {
  const table = '# comment\n/\n/blog\n\n/blog/page/2   a note\n/docs/desktop/wing/Get%20start\n/search\n';

  it('reads each route with its line, comments and blank lines skipped', () => {
    expect(parseSpecRoutes(table)).toEqual([
      { route: '/', line: 2 },
      { route: '/blog', line: 3 },
      { route: '/blog/page/2', line: 5 },
      { route: '/docs/desktop/wing/Get%20start', line: 6 },
      { route: '/search', line: 7 },
    ]);
  });

  it('reports the blog and docs routes without a page, decoded, at their line; the code’s routes are not the content’s', () => {
    const routes = parseSpecRoutes(table);
    expect(missingSpecRoutes(routes, new Set(['/blog', '/blog/page/2', '/docs/desktop/wing/Get start']))).toEqual([]);
    const missing = missingSpecRoutes(routes, new Set(['/blog']));
    expect(missing.map((m) => m.split(' 没有页面了')[0])).toEqual(['__tests__/routes.txt:5 规格的路由 /blog/page/2', '__tests__/routes.txt:6 规格的路由 /docs/desktop/wing/Get%20start']);
    expect(missing[0]).toContain('先改规格，再改 __tests__/routes.txt');
  });
});
