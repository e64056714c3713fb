/**
 * llms.txt and llms-full.txt (gatsby/exports/llms.ts): sections per product in navbar order, docs in
 * sidebar order, the blog newest first as given, nothing unlisted, links under the base URL.
 */
import { docSections, llmsFullTxt, llmsSections, llmsTxt, siteHref, markdownPath, type LlmsDoc, type LlmsOptions } from '../../gatsby/exports/llms';

const doc = (id: string, title: string, position: number, extra: Partial<LlmsDoc> = {}): LlmsDoc => ({
  id,
  path: `/docs/${id}`,
  title,
  sidebarPosition: position,
  hideSidebar: false,
  unlisted: false,
  description: `${title}的说明`,
  ...extra,
});

const DOCS: LlmsDoc[] = [
  doc('mobile/konker/Introduce', '空壳简介', 1),
  doc('mobile/konker/protocol-user', '用户协议', 9, { hideSidebar: true }),
  doc('mobile/konker/desc/app-setting', '设置说明', 3, { hideSidebar: true }),
  doc('desktop/wing/User guide', '操作指南', 3),
  doc('desktop/wing/Introduce', 'Wing 简介', 1),
  doc('desktop/wing/Get start', '开始使用', 2),
  doc('desktop/wing/secret', '内部草稿', 4, { unlisted: true }),
  doc('about/Introduce', '关于我们', 1),
  doc('intro', 'iofomo 是什么', 1),
  doc('bench/1', '合成文档', 1),
];

const OPTIONS: LlmsOptions = {
  sectionTitle: (key) => ({ 'desktop/wing': 'Wing · 桌面端', 'mobile/konker': 'Konker · 移动端', about: '关于我们', intro: '文档总览' })[key] ?? key,
  keyOrder: ['intro', 'desktop/wing', 'mobile/konker', 'about'],
  blogTitle: '博客',
};

const POSTS = [
  { path: '/blog/newest', title: '最新的文章', description: '新' },
  { path: '/blog/older', title: '较早的 [文章]', description: '多行\n描述' },
];

describe('Markdown version paths', () => {
  it('add .md to the page path and encode it like the page', () => {
    expect(markdownPath('/docs/desktop/wing/Get start')).toBe('/docs/desktop/wing/Get start.md');
    expect(markdownPath('/blog/binder')).toBe('/blog/binder.md');
    expect(siteHref(markdownPath('/docs/desktop/wing/Get start'), '/fomosite')).toBe('/fomosite/docs/desktop/wing/Get%20start.md');
    expect(siteHref('/blog/tags/空壳', '')).toBe('/blog/tags/%E7%A9%BA%E5%A3%B3');
    expect(siteHref('/docs/a (b)', '')).toBe('/docs/a%20%28b%29');
  });
});

describe('sections', () => {
  it('one per product in the configured order, others after it; docs in sidebar order, sidebar-less docs last; unlisted left out', () => {
    const sections = docSections(DOCS, OPTIONS);
    expect(sections.map((s) => s.title)).toEqual(['文档总览', 'Wing · 桌面端', 'Konker · 移动端', '关于我们', 'bench']);
    expect(sections[1]?.entries.map((e) => e.title)).toEqual(['Wing 简介', '开始使用', '操作指南']);
    expect(sections[2]?.entries.map((e) => e.title)).toEqual(['空壳简介', '设置说明', '用户协议']);
    expect(sections.flatMap((s) => s.entries).some((e) => e.title === '内部草稿')).toBe(false);
  });

  it('the blog comes last, posts as given (newest first); no blog section without posts', () => {
    expect(llmsSections(DOCS, POSTS, OPTIONS).at(-1)).toEqual({ title: '博客', entries: POSTS });
    expect(llmsSections(DOCS, [], OPTIONS).some((s) => s.title === '博客')).toBe(false);
  });
});

describe('llms.txt', () => {
  const text = llmsTxt({ title: 'iofomo', description: '开源\n工具', basePath: '/fomosite' }, llmsSections(DOCS, POSTS, OPTIONS));
  const lines = text.split('\n');

  it('follows the convention: h1 site name, a blockquote summary, h2 sections of [title](url.md): description', () => {
    expect(lines[0]).toBe('# iofomo');
    expect(lines[2]).toBe('> 开源 工具');
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## 文档总览', '## Wing · 桌面端', '## Konker · 移动端', '## 关于我们', '## bench', '## 博客']);
    expect(lines).toContain('- [开始使用](/fomosite/docs/desktop/wing/Get%20start.md): 开始使用的说明');
    expect(lines).toContain('- [最新的文章](/fomosite/blog/newest.md): 新');
    // Brackets in a title are escaped, descriptions kept on one line.
    expect(lines).toContain('- [较早的 \\[文章\\]](/fomosite/blog/older.md): 多行 描述');
    expect(text).toContain('[llms-full.txt](/fomosite/llms-full.txt)');
    expect(text).not.toContain('内部草稿');
  });

  it('lists an entry without a description as a bare link', () => {
    const bare = llmsTxt({ title: 'x', description: 'y', basePath: '' }, [{ title: 'S', entries: [{ path: '/docs/a', title: 'A' }] }]);
    expect(bare.trimEnd().split('\n').at(-1)).toBe('- [A](/docs/a.md)');
  });
});

describe('llms-full.txt', () => {
  it("holds every listed page's Markdown version in llms.txt order, separated by rules", () => {
    const sections = llmsSections(DOCS, POSTS, OPTIONS);
    const full = llmsFullTxt({ title: 'iofomo', description: '开源工具', basePath: '' }, sections, (p) => `# ${p}\n\n正文\n`);
    const pages = full.split('\n\n---\n\n');
    expect(pages[0]).toBe('# iofomo\n\n> 开源工具');
    expect(pages.slice(1).map((p) => p.split('\n')[0])).toEqual(sections.flatMap((s) => s.entries.map((e) => `# ${e.path}`)));
    expect(full).not.toContain('secret');
  });
});
