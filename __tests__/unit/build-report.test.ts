/**
 * The build report's pure parts (scripts/report/compare.ts, format.ts) on small hand-made
 * snapshots: what counts as a page added, removed or changed and which sections, which broken
 * links are new or fixed, where a budget is passed, and how the Markdown says so.
 */
import { compareSnapshots, JS_BUDGET } from '../../scripts/report/compare';
import { formatReport, MAX_ROWS, WARN } from '../../scripts/report/format';
import { buildSecondsFromLog, pageType, SNAPSHOT_VERSION, type PageSnapshot, type SiteSnapshot } from '../../scripts/report/snapshot';
import { QUERY_BUDGET } from '../../src/lib/search/shards';

const KB = 1024;

const page = (path: string, title: string, sections: Array<[string | null, string, string]> = [], type = 'post'): PageSnapshot => ({
  path,
  title,
  type,
  sections: sections.map(([id, heading, hash]) => ({ id, heading, hash })),
});

function site(overrides: Partial<SiteSnapshot> = {}): SiteSnapshot {
  return {
    version: SNAPSHOT_VERSION,
    label: 'main',
    commit: 'abcdef0123456789',
    pages: [
      page('/', 'iofomo', [[null, '', 'h0']], 'index'),
      page('/blog/a', '文章 A', [
        [null, '', 'a0'],
        ['安装', '安装', 'a1'],
        ['配置', '配置', 'a2'],
      ]),
      page('/docs/b', '文档 B', [[null, '', 'b0']], 'doc'),
    ],
    brokenLinks: [{ page: '/docs/b', link: '/docs/old', message: '目标页面不存在：/docs/old' }],
    js: { post: { bytes: 80 * KB, pages: 1 }, doc: { bytes: 81 * KB, pages: 1 }, index: { bytes: 79 * KB, pages: 1 } },
    tabsJs: 1 * KB,
    search: { bytes: 70 * KB, query: '无障碍' },
    htmlBytes: 300 * KB,
    imageBytes: 2 * KB * KB,
    buildSeconds: 60,
    ...overrides,
  };
}

describe('compareSnapshots', () => {
  it('reports nothing for the same site', () => {
    const model = compareSnapshots(site(), site());
    expect([model.added, model.removed, model.changed, model.links.added, model.links.fixed]).toEqual([[], [], [], [], []]);
    expect(model.links.still).toBe(1);
    expect(model.js.length).toBeGreaterThan(0);
    expect(model.js.filter((f) => f.over)).toEqual([]);
    expect(model.search.over).toBe(false);
  });

  it('names pages added and removed, and a changed page with its changed, added and removed sections', () => {
    const base = site();
    const head = site({
      pages: [
        base.pages[0] as PageSnapshot,
        page('/blog/a', '文章 A（新版）', [
          [null, '', 'a0'],
          ['安装', '安装', 'a1-new'],
          ['升级', '升级', 'a3'],
        ]),
        page('/blog/c', '文章 C'),
      ],
    });
    const model = compareSnapshots(base, head);
    expect(model.added).toEqual([{ path: '/blog/c', title: '文章 C', type: 'post' }]);
    expect(model.removed).toEqual([{ path: '/docs/b', title: '文档 B', type: 'doc' }]);
    expect(model.changed).toEqual([
      {
        path: '/blog/a',
        title: '文章 A（新版）',
        type: 'post',
        titleBefore: '文章 A',
        sections: [
          { id: '安装', heading: '安装', change: 'changed' },
          { id: '升级', heading: '升级', change: 'added' },
          { id: '配置', heading: '配置', change: 'removed' },
        ],
      },
    ]);
  });

  it('tells new broken links from fixed ones and from those already there', () => {
    const base = site({
      brokenLinks: [
        { page: '/docs/b', link: '/docs/old', message: 'x' },
        { page: '/blog/a', link: '/blog/a#gone', message: 'y' },
      ],
    });
    const head = site({
      brokenLinks: [
        { page: '/docs/b', link: '/docs/old', message: 'x' },
        { page: '/blog/a', link: '/nowhere', message: 'z' },
      ],
    });
    const { links } = compareSnapshots(base, head);
    expect(links).toEqual({ added: [{ page: '/blog/a', link: '/nowhere', message: 'z' }], fixed: [{ page: '/blog/a', link: '/blog/a#gone', message: 'y' }], still: 1 });
  });

  it('marks a page type over the JavaScript budget, the tab sets over theirs and a first query over QUERY_BUDGET', () => {
    const head = site({
      js: { ...site().js, doc: { bytes: JS_BUDGET.page + 1, pages: 1 } },
      tabsJs: JS_BUDGET.tabs + 1,
      search: { bytes: QUERY_BUDGET.first + 1, query: '很长的问题' },
    });
    const model = compareSnapshots(site(), head);
    expect(model.js.filter((f) => f.over).map((f) => f.type)).toEqual(['doc', 'tabs']);
    expect(model.search).toMatchObject({ over: true, query: '很长的问题', base: 70 * KB, head: QUERY_BUDGET.first + 1 });
    // At the budget is within it.
    expect(compareSnapshots(site(), site({ js: { post: { bytes: JS_BUDGET.page, pages: 1 } } })).js.filter((f) => f.over)).toEqual([]);
  });

  it('gives a page type only one build has no figure on the other side', () => {
    const model = compareSnapshots(site(), site({ js: { ...site().js, archive: { bytes: 70 * KB, pages: 1 } }, search: null, buildSeconds: null }));
    expect(model.js.find((f) => f.type === 'archive')).toMatchObject({ base: null, head: 70 * KB, over: false });
    expect(model.search).toMatchObject({ base: 70 * KB, head: null, over: false });
    expect(model.buildSeconds).toMatchObject({ base: 60, head: null });
  });
});

describe('formatReport', () => {
  const changedSite = () => {
    const base = site();
    const head = site({
      label: '工作区',
      pages: [
        ...base.pages.map((p) =>
          p.path === '/blog/a'
            ? page('/blog/a', '文章 A', [
                [null, '', 'a0'],
                ['安装', '安装', 'a1'],
                ['配置-新', '配置（新）', 'a2'],
              ])
            : p,
        ),
        page('/blog/c', '文章 | C'),
      ],
      brokenLinks: [...base.brokenLinks, { page: '/blog/c', link: '/blog/nowhere', message: '目标页面不存在：/blog/nowhere' }],
      js: { ...base.js, doc: { bytes: JS_BUDGET.page + 2 * KB, pages: 1 } },
      htmlBytes: 310 * KB,
      buildSeconds: 63.5,
    });
    return formatReport(compareSnapshots(base, head));
  };

  it('lists the added page, the changed page with its sections, the new broken link with ⚠', () => {
    const md = changedSite();
    expect(md).toContain('## 构建报告：`main`（abcdef0） → `工作区`（abcdef0）');
    expect(formatReport(compareSnapshots(site({ label: 'abcdef0' }), site()))).toContain('## 构建报告：`abcdef0` → `main`（abcdef0）');
    expect(md).toContain('新增 1，删除 0，改动 1');
    expect(md).toContain('| 文章 \\| C | `/blog/c` | 文章 |');
    expect(md).toContain('| 文章 A | `/blog/a` | 新增：配置（新）；删除：配置 |');
    expect(md).toContain(`${WARN} 新出现 1，修好 0，原有 1`);
    expect(md).toContain('| `/blog/c` | `/blog/nowhere` | 目标页面不存在：/blog/nowhere |');
  });

  it('shows each figure with its delta, and ⚠ only where the budget is passed', () => {
    const md = changedSite();
    expect(md).toContain(`| 首次加载 JS：文档 | 81.0 KB | 92.0 KB | +11.0 KB | ${WARN} 超出 90.0 KB |`);
    expect(md).toContain('| 首次加载 JS：文章 | 80.0 KB | 80.0 KB | ±0 | 90.0 KB |');
    expect(md).toContain('| HTML 合计 | 300.0 KB | 310.0 KB | +10.0 KB |  |');
    expect(md).toContain('| 构建时间 | 60.0 s | 63.5 s | +3.5 s |  |');
    expect(md).toContain(`${WARN} 超出预算：首次加载 JS（文档）`);
    expect(md).toContain('| 搜索首次查询（最大：无障碍） | 70.0 KB | 70.0 KB | ±0 | 150.0 KB |');
  });

  it('has no warning for an unchanged site and no section for what did not happen', () => {
    const md = formatReport(compareSnapshots(site(), site()));
    expect(md).toContain('新增 0，删除 0，改动 0');
    expect(md).not.toContain(WARN);
    expect(md).not.toContain('### 新增的页面');
    expect(md).not.toContain('### 改动的页面');
  });

  it('shows a shrinking figure with a minus sign, and a change under a kilobyte in bytes', () => {
    expect(formatReport(compareSnapshots(site(), site({ imageBytes: 1.5 * KB * KB })))).toContain('| 图片合计 | 2.00 MB | 1.50 MB | −512.0 KB |  |');
    expect(formatReport(compareSnapshots(site(), site({ htmlBytes: 300 * KB + 23 })))).toContain('| HTML 合计 | 300.0 KB | 300.0 KB | +23 B |  |');
  });

  it(`lists at most ${MAX_ROWS} rows of a table and counts the rest`, () => {
    const many = Array.from({ length: MAX_ROWS + 5 }, (_, i) => page(`/blog/new-${i}`, `新文章 ${i}`));
    const md = formatReport(compareSnapshots(site(), site({ pages: [...site().pages, ...many] })));
    expect(md.split('\n').filter((line) => line.includes('`/blog/new-'))).toHaveLength(MAX_ROWS);
    expect(md).toContain('……另有 5 行');
  });
});

describe('snapshot helpers', () => {
  it('names a page type after its template', () => {
    expect(['component---src-templates-blog-list-tsx', 'component---src-pages-index-tsx', 'component---src-pages-404-tsx'].map(pageType)).toEqual(['blog-list', 'index', '404']);
  });

  it("reads the build time from Gatsby's last line", () => {
    expect(buildSecondsFromLog('success Building static HTML for pages - 3.1s\ninfo Done building in 71.234 sec\n')).toBe(71.234);
    expect(buildSecondsFromLog('error Building static HTML failed\n')).toBeNull();
  });
});
