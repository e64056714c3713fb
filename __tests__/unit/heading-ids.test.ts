/**
 * Headings whose links never break: explicit ids `## 标题 {#id}` (gatsby/markdown/heading-ids.ts) on
 * the page, in the table of contents, the Markdown version, search sections and the link checker's ids
 * (slug.ts); published anchors and their aliases (gatsby/content/anchors.ts) — a reworded heading's
 * old anchor is aliased by `npm run anchors`, lands on the new heading as an element with the old
 * id, and a published anchor gone without an alias is a problem.
 */
import { anchorProblems, updatePublishedAnchors, type PublishedAnchors } from '../../gatsby/content/anchors';
import { extractHeadingIds } from '../../gatsby/markdown/heading-ids';
import { headingIds } from '../../gatsby/markdown/slug';
import { renderCases } from './support/cases';

const cases = renderCases({
  explicit: { source: '## 安装步骤 {#install}\n\n正文\n\n### 第二步 {#step-2}\n\n## 安装步骤\n\n[去安装](#install)\n' },
  inCode: { source: '```md\n## 不是标题 {#x}\n```\n' },
  reworded: { source: '## 开始使用 wing\n\n正文\n', anchorAliases: { 快速上手: '开始使用-wing', 'get-started': '开始使用-wing' } },
  badId: { source: '正文\n\n## 标题 {#a b}\n', file: 'content/docs/bad.mdx', firstLine: 4 },
  twice: { source: '## 甲 {#same}\n\n## 乙 {#same}\n', file: 'content/docs/bad.mdx', firstLine: 4 },
  repeated: { source: '## Get `Start`!\n\n:::tip\n\n### 安装：Windows 与 macOS\n\n:::\n\n## Get Start!\n\nget-start\n\n##\n' },
});

describe('explicit heading ids', () => {
  it('blank the marker without moving any column, outside fenced code only', () => {
    const { source, ids } = extractHeadingIds('## 安装 {#install}\n```\n## x {#y}\n```\n> ### 引用里 {#q}\n', 'a.mdx');
    expect(source).toBe('## 安装           \n```\n## x {#y}\n```\n> ### 引用里     \n');
    expect([...ids]).toEqual([
      [1, 'install'],
      [5, 'q'],
    ]);
  });

  it('give the heading its id on the page, in the table of contents, the Markdown version and search', () => {
    const { html, toc, markdown, sectionIds } = cases.ok('explicit');
    expect(html).toContain('<h2 id="install">安装步骤<a class="heading-anchor" aria-hidden="true" tabindex="-1" href="#install">#</a></h2>');
    expect(html).toContain('<h3 id="step-2">第二步');
    // The heading without an id still gets its slug, unnumbered: the explicit one did not take it.
    expect(html).toContain('<h2 id="安装步骤">安装步骤');
    expect(html).not.toContain('{#');
    expect(toc).toEqual([
      { id: 'install', title: '安装步骤', depth: 2 },
      { id: 'step-2', title: '第二步', depth: 3 },
      { id: '安装步骤', title: '安装步骤', depth: 2 },
    ]);
    expect(markdown).toContain('## 安装步骤 {#install}\n\n正文\n\n### 第二步 {#step-2}\n\n## 安装步骤\n');
    expect(sectionIds).toEqual(['install', 'step-2', '安装步骤']);
  });

  it('are the ids the link checker knows', () => {
    expect(headingIds('## 安装步骤 {#install}\n### 第二步 {#step-2}\n## 安装步骤\n## 安装步骤\n')).toEqual(['install', 'step-2', '安装步骤', '安装步骤-1']);
  });

  it('leave code alone', () => {
    expect(cases.ok('inCode').html).toContain('{#x}');
  });

  it('stop the build at the marker when malformed or used twice', () => {
    expect(cases.error('badId')).toContain('content/docs/bad.mdx:6:');
    expect(cases.error('badId')).toContain('标题的锚点 {#a b} 无效');
    expect(cases.error('twice')).toContain('content/docs/bad.mdx:6:6 锚点 {#same} 在第 4 行已经用过');
  });
});

describe('old anchors of a reworded heading', () => {
  it('land on the new heading: an empty element with each old id at its start, seen by nothing else', () => {
    const { html, toc, markdown, search } = cases.ok('reworded');
    expect(html).toContain('<h2 id="开始使用-wing"><span id="快速上手" class="anchor-alias"></span><span id="get-started" class="anchor-alias"></span>开始使用 wing<a');
    expect(toc).toEqual([{ id: '开始使用-wing', title: '开始使用 wing', depth: 2 }]);
    expect(markdown).not.toContain('快速上手');
    expect(search).toBe('开始使用 wing 正文');
  });

  const published: PublishedAnchors = { 'content/docs/a.mdx': { anchors: ['概述', '快速上手', '卸载'] } };

  it('are aliased by npm run anchors to the heading now in their place', () => {
    const { next, aliased, unresolved } = updatePublishedAnchors(published, [{ file: 'content/docs/a.mdx', ids: ['概述', '开始使用', '卸载', '常见问题'].filter((id) => id !== '常见问题') }]);
    expect(aliased).toEqual([{ file: 'content/docs/a.mdx', from: '快速上手', to: '开始使用' }]);
    expect(unresolved).toEqual([]);
    expect(next['content/docs/a.mdx']).toEqual({ anchors: ['概述', '快速上手', '卸载', '开始使用'], aliases: { 快速上手: '开始使用' } });
    // Run again: nothing changes.
    expect(updatePublishedAnchors(next, [{ file: 'content/docs/a.mdx', ids: ['概述', '开始使用', '卸载'] }]).next).toEqual(next);
  });

  it('are left for the editor when they cannot be paired, and recorded for new pages', () => {
    const { unresolved, next } = updatePublishedAnchors(published, [
      { file: 'content/docs/a.mdx', ids: ['概述'] },
      { file: 'content/docs/new.mdx', ids: ['甲', '乙'] },
    ]);
    expect(unresolved).toEqual([
      { file: 'content/docs/a.mdx', anchor: '快速上手' },
      { file: 'content/docs/a.mdx', anchor: '卸载' },
    ]);
    expect(next['content/docs/new.mdx']).toEqual({ anchors: ['甲', '乙'] });
  });

  it('are a problem when gone without an alias, aliased to nothing, or shadowing a heading again', () => {
    const file = 'content/docs/a.mdx';
    expect(anchorProblems(published, file, new Set(['概述', '快速上手', '卸载']))).toEqual([]);
    expect(anchorProblems(published, file, new Set(['概述', '开始使用', '卸载']))).toEqual([expect.stringContaining('已发布的锚点 #快速上手 不见了')]);
    const aliased: PublishedAnchors = { [file]: { anchors: ['概述', '快速上手'], aliases: { 快速上手: '开始使用' } } };
    expect(anchorProblems(aliased, file, new Set(['概述', '开始使用']))).toEqual([]);
    expect(anchorProblems(aliased, file, new Set(['概述', '入门']))).toEqual([expect.stringContaining('#快速上手 指向的 #开始使用 不在页面上')]);
    expect(anchorProblems(aliased, file, new Set(['概述', '快速上手', '开始使用']))).toEqual([expect.stringContaining('锚点 #快速上手 又是一个标题了')]);
  });

  it('are checked on the built page by their elements: the alias element and its heading must both be there', () => {
    const file = 'content/docs/a.mdx';
    const aliased: PublishedAnchors = { [file]: { anchors: ['概述', '快速上手'], aliases: { 快速上手: '开始使用' } } };
    expect(anchorProblems(aliased, file, new Set(['概述', '快速上手', '开始使用']), { built: true })).toEqual([]);
    expect(anchorProblems(aliased, file, new Set(['概述', '开始使用']), { built: true })).toEqual([expect.stringContaining('#快速上手 不在页面上：它的别名没有放到 #开始使用 的标题里')]);
    expect(anchorProblems(aliased, file, new Set(['概述', '入门']), { built: true })).toEqual([expect.stringContaining('#快速上手 指向的 #开始使用 不在页面上')]);
    expect(anchorProblems(published, file, new Set(['概述', '卸载']), { built: true })).toEqual([expect.stringContaining('已发布的锚点 #快速上手 不见了')]);
  });
});

describe('the heading pass (gatsby/markdown/headings.ts)', () => {
  const link = (id: string) => `<a class="heading-anchor" aria-hidden="true" tabindex="-1" href="#${id}">#</a>`;

  it('gives every heading, nested ones too, an id from its text, numbered when repeated, and a # link last', () => {
    const { html } = cases.ok('repeated');
    expect(html).toContain(`<h2 id="get-start">Get <code>Start</code>!${link('get-start')}</h2>`);
    expect(html).toContain(`<h3 id="安装windows-与-macos">安装：Windows 与 macOS${link('安装windows-与-macos')}</h3>`);
    expect(html).toContain(`<h2 id="get-start-1">Get Start!${link('get-start-1')}</h2>`);
    expect(html).toContain('<p>get-start</p>');
  });

  it('gives a heading without text an empty id and no link', () => {
    expect(cases.ok('repeated').html).toContain('<h2 id=""></h2>');
  });
});
