/** Which built page the accessibility audit opens in which mode (__tests__/e2e/support/audit-plan.ts). */
import { AUDIT_MODES, MISSING_PATH, builtPage, kindParts, pageKind, planAudit, shardOfFile, shardTasks, type BuiltPage } from '../e2e/support/audit-plan';

// Which HTML files are pages is Gatsby's rule: gatsby/framework/internals.ts, checked in gatsby-internals.test.ts.
describe('pages of the build', () => {
  it('requests encoded paths, and the not-found page through a path that does not exist', () => {
    expect(builtPage('x', '/docs/desktop/wing/Get start', 'k').url).toBe('/docs/desktop/wing/Get%20start');
    expect(builtPage('x', '/blog/tags/空壳', 'k').url).toBe('/blog/tags/%E7%A9%BA%E5%A3%B3');
    expect(builtPage('404.html', '/404.html', 'k').url).toBe(MISSING_PATH);
  });

  it('tells pages apart by template and by the features of their main content', () => {
    const html = (main: string) => `<html><body><nav data-testid="doc-sidebar-lookalike"></nav><main>${main}</main></body></html>`;
    expect(pageKind('component---src-templates-doc-tsx', html('<nav data-testid="doc-sidebar"></nav><div class="table-scroll"><table></table></div>'))).toBe('templates-doc+sidebar+table');
    expect(pageKind('component---src-templates-post-tsx', html('<div class="code-block"></div><aside class="callout callout-tip"></aside><picture></picture>'))).toBe('templates-post+code+callout+image');
    expect(pageKind('component---src-templates-post-tsx', html('<p>正文</p><figure class="diagram" data-diagram="sequence"><div class="diagram-drawing"><svg></svg></div></figure>'))).toBe('templates-post+diagram');
    expect(pageKind('component---src-templates-doc-tsx', html('<div class="code-block"><div class="code-title">a.json</div></div><div class="tabs" data-tabs="os"></div>'))).toBe('templates-doc+code+code-marks+tabs');
    expect(pageKind('component---src-templates-doc-tsx', html('<div class="code-block"><pre><code class="code-lines diff-gutter"></code></pre></div>'))).toBe('templates-doc+code+code-marks');
    expect(pageKind('component---src-templates-post-tsx', html('<ol class="steps"><li>一</li></ol><div class="file-tree"><ul aria-label="文件树"></ul></div>'))).toBe('templates-post+steps+file-tree');
    expect(pageKind('component---src-pages-404-tsx', html('<h1>找不到页面</h1>'))).toBe('pages-404');
    // Markup outside <main> (the navbar, the footer) does not count.
    expect(pageKind('component---src-pages-index-tsx', '<html><body><img src="logo.svg"><main></main></body></html>')).toBe('pages-index');
  });
});

describe('audit plan', () => {
  // 61 pages: five kinds of two templates and up to two features each, and one rare feature.
  const KINDS = ['post', 'post+code', 'doc+sidebar', 'doc+sidebar+table', 'post+table+code'];
  const pages: BuiltPage[] = Array.from({ length: 61 }, (_, i) => builtPage(`p${i}.html`, `/p/${String(i).padStart(2, '0')}`, i === 60 ? 'doc+sidebar+rare' : (KINDS[i % 5] as string)));
  const plan = planAudit(pages);
  const inMode = (name: string) => plan.filter((t) => t.mode.name === name).map((t) => t.page);
  const parts = (list: BuiltPage[]) => new Set(list.flatMap((p) => kindParts(p.kind)));

  it('audits every page in light at 1440 px', () => {
    expect(AUDIT_MODES[0]).toMatchObject({ theme: 'light', viewport: { width: 1440 }, every: 1 });
    expect(
      inMode('light 1440')
        .map((p) => p.path)
        .sort(),
    ).toEqual(pages.map((p) => p.path).sort());
  });

  it('samples every n-th page in the other modes, plus few pages covering every template and feature, different ones per mode', () => {
    expect(kindParts('templates-doc+sidebar+table')).toEqual(['templates-doc', 'sidebar', 'table']);
    for (const mode of AUDIT_MODES.slice(1)) {
      const chosen = inMode(mode.name);
      expect(parts(chosen)).toEqual(new Set(['post', 'doc', 'code', 'sidebar', 'table', 'rare']));
      expect(chosen.length).toBeGreaterThanOrEqual(Math.floor(pages.length / mode.every));
      // The sample already holds most parts; the rare page brings its own, one more page at most the rest.
      expect(chosen.length).toBeLessThanOrEqual(Math.ceil(pages.length / mode.every) + 2);
      expect(new Set(chosen).size).toBe(chosen.length);
    }
    // The only page with a feature is in every mode.
    for (const mode of AUDIT_MODES) expect(inMode(mode.name).some((p) => p.kind.includes('rare'))).toBe(true);
    // Modes sampling at the same rate look at different pages.
    expect(inMode('light 390')).not.toEqual(inMode('dark 390'));
  });

  it('covers a part missing from the sample with the page that brings the most missing parts', () => {
    const few = [builtPage('a', '/a', 'post'), builtPage('b', '/b', 'post'), builtPage('c', '/c', 'post+code'), builtPage('d', '/d', 'post+table'), builtPage('e', '/e', 'post+code+table')];
    const dark = planAudit(few).filter((t) => t.mode.name === 'dark 1440');
    // The sample is /b (index 1 of every 8th), which lacks code and table: /e brings both, /c and /d one each.
    expect(dark.map((t) => t.page.path)).toEqual(['/b', '/e']);
  });

  it('loads a page as a document in the first mode when it brings a template or feature no document before it had', () => {
    const documents = plan.filter((t) => t.document);
    expect(documents.every((t) => t.mode === AUDIT_MODES[0])).toBe(true);
    expect(parts(documents.map((t) => t.page))).toEqual(parts(pages));
    // In path order: /p/00 post, /p/01 post+code, /p/02 doc+sidebar, /p/03 doc+sidebar+table; /p/04 brings nothing new; /p/60 brings rare.
    expect(documents.map((t) => t.page.path)).toEqual(['/p/00', '/p/01', '/p/02', '/p/03', '/p/60']);
    expect(plan.filter((t) => !t.document).length).toBe(plan.length - documents.length);
  });

  it('covers dark and 390 px in both colour modes', () => {
    const combos = AUDIT_MODES.map((m) => `${m.theme} ${m.viewport.width}`);
    expect(combos.sort()).toEqual(['dark 1440', 'dark 390', 'light 1440', 'light 390']);
  });
});

describe('audit shards', () => {
  const pages: BuiltPage[] = Array.from({ length: 37 }, (_, i) => builtPage(`p${i}.html`, `/p/${i}`, `kind-${i % 4}`));
  const plan = planAudit(pages);
  const files = ['a11y-pages-1.test.ts', 'a11y-pages-2.test.ts', 'a11y-pages-3.test.ts', 'a11y-states.test.ts', 'chrome.test.ts'];

  it('reads the shard and the shard count from the test files’ names', () => {
    expect(shardOfFile('a11y-pages-2.test.ts', files)).toEqual({ shard: 2, count: 3 });
    expect(() => shardOfFile('a11y-pages-1.test.ts', ['a11y-pages-1.test.ts', 'a11y-pages-3.test.ts'])).toThrow('1…2');
    expect(() => shardOfFile('a11y-states.test.ts', files)).toThrow('不是');
  });

  it('splits the plan into disjoint shards that together hold every task once, within one task of each other in size', () => {
    for (const count of [1, 2, 3, 4, 7]) {
      const shards = Array.from({ length: count }, (_, i) => shardTasks(plan, i + 1, count));
      const all = shards.flat();
      expect(all).toHaveLength(plan.length);
      expect(new Set(all)).toEqual(new Set(plan));
      const sizes = shards.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });
});
