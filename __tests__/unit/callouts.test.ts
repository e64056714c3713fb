/**
 * Callouts in every dialect (gatsby/markdown/callouts.ts): Docusaurus directives (old and new
 * titles, nesting by more colons or the same count), GitHub alerts and <Callout> give the same
 * <aside>, the same blockquote in the Markdown version and the same search text; prose with colons is left alone;
 * mistakes stop with the file's line.
 */
import { CALLOUT_KINDS, CALLOUT_LABELS, normalizeCalloutFences } from '../../gatsby/markdown/callouts';
import { renderCases } from './support/cases';

describe('::: fences as the editor meant them', () => {
  it('turns the older title form (and VitePress spacing) into a label, keeping lines', () => {
    expect(normalizeCalloutFences(':::tip 小提示\n正文\n:::', 'a.mdx')).toBe(':::tip[小提示]\n正文\n:::');
    expect(normalizeCalloutFences('::: warning 标题 [a]\n正文\n:::', 'a.mdx')).toBe(':::warning[标题 \\[a\\]]\n正文\n:::');
    expect(normalizeCalloutFences(':::info[新写法]{title="x"}\n:::', 'a.mdx')).toBe(':::info[新写法]{title="x"}\n:::');
  });

  it('gives an outer callout more colons than anything inside it, whichever way it was written', () => {
    const same = ':::info\n外\n:::tip\n内\n:::\n外\n:::';
    expect(normalizeCalloutFences(same, 'a.mdx')).toBe('::::info\n外\n:::tip\n内\n:::\n外\n::::');
    const more = '::::info\n外\n:::tip\n内\n:::\n::::';
    expect(normalizeCalloutFences(more, 'a.mdx')).toBe('::::info\n外\n:::tip\n内\n:::\n::::');
    // A colons-only line inside a code block must not close the callout around it.
    expect(normalizeCalloutFences(':::note\n```text\n:::\n```\n:::', 'a.mdx')).toBe('::::note\n```text\n:::\n```\n::::');
  });

  it('leaves fenced code, prose and sources without ::: alone', () => {
    expect(normalizeCalloutFences('```md\n:::tip\n```\n', 'a.mdx')).toBe('```md\n:::tip\n```\n');
    expect(normalizeCalloutFences('时间：10:30', 'a.mdx')).toBe('时间：10:30');
  });

  it('names the line of an unclosed callout and of a ::: that closes nothing', () => {
    expect(() => normalizeCalloutFences('\n\n:::tip\n没有结束\n', 'a.mdx')).toThrow('a.mdx:3:1 提示框 :::tip 没有结束');
    expect(() => normalizeCalloutFences('正文\n\n  :::\n', 'a.mdx')).toThrow('a.mdx:3:3 多余的 :::');
  });
});

const aside = (kind: string, label: string) => `<aside class="callout callout-${kind}" role="note" aria-label="${label}"><strong class="callout-title">`;

const cases = renderCases({
  legacyTitle: { source: ':::tip 小提示\n按 **这个** 做。\n:::\n' },
  labelTitle: { source: ':::warning[用 `wing sync` 之前]\n先提交。\n:::\n' },
  defaultLabels: { source: CALLOUT_KINDS.map((kind) => `:::${kind}\n${kind} 正文\n:::\n`).join('\n') },
  nestedSame: { source: ':::info 外层\n外层正文\n\n:::danger\n内层正文\n:::\n\n外层续\n:::\n' },
  nestedMore: { source: '::::info 外层\n外层正文\n\n:::danger\n内层正文\n:::\n\n外层续\n::::\n' },
  markdownInside: { source: ':::note\n- 第一步\n- 第二步\n\n```bash\nwing sync\n```\n:::\n' },
  alert: { source: '> [!IMPORTANT]\n> 升级前备份。\n> 第二行。\n' },
  alertTitled: { source: '> [!caution] 删除之前\n>\n> 无法恢复。\n' },
  quote: { source: '> 普通的引用。\n' },
  component: { source: '<Callout type="tip" title="组件写法">\n正文。\n</Callout>\n' },
  colons: { source: '时间：10:30，比例 a:b，CSS 的 ::before 和 :hover，文档 :tip[不是提示框]。\n\n::note 也不是。\n' },
  unknownDirective: { source: '正文\n\n:::details 标题\n内容\n:::\n', file: 'content/docs/bad.mdx', firstLine: 5 },
  unknownAlert: { source: '正文\n\n> [!HINT]\n> 内容\n', file: 'content/docs/bad.mdx', firstLine: 5 },
  unknownComponentType: { source: '<Callout type="hint">好</Callout>\n', file: 'content/docs/bad.mdx' },
  // Every admonition name Docusaurus draws, with its import of <Admonition>.
  docusaurusNames: {
    source: [
      "import Admonition from '@theme/Admonition';",
      '',
      ':::caution\n小心正文\n:::',
      '',
      ':::danger 删库之前\n危险正文\n:::',
      '',
      ':::secondary\n次要正文\n:::',
      '',
      ':::success\n成功正文\n:::',
      '',
      ':::important\n重要正文\n:::',
      '',
      '<Admonition type="warning" icon="⚠️" title="组件标题">\n组件正文\n</Admonition>',
      '',
    ].join('\n'),
  },
  unclosed: { source: '正文\n\n:::tip\n内容\n', file: 'content/docs/bad.mdx', firstLine: 5 },
});

describe('callouts: page, Markdown version and search agree', () => {
  it('reads the older title form as the title', () => {
    const { html, markdown, search } = cases.ok('legacyTitle');
    expect(html).toBe(`${aside('tip', '小提示')}小提示</strong><p>按 <strong>这个</strong> 做。</p></aside>`);
    expect(markdown).toContain('> **小提示**\n>\n> 按 **这个** 做。');
    expect(search).toBe('小提示 按 这个 做。');
  });

  it('keeps Markdown in a bracketed title, and names the aside by its text', () => {
    const { html, markdown } = cases.ok('labelTitle');
    expect(html).toContain(`${aside('warning', '用 wing sync 之前')}用 <code>wing sync</code> 之前</strong>`);
    expect(markdown).toContain('> **用 `wing sync` 之前**');
  });

  it('labels each kind in Chinese when there is no title', () => {
    const { html, markdown } = cases.ok('defaultLabels');
    for (const kind of CALLOUT_KINDS) {
      expect(html).toContain(`${aside(kind, CALLOUT_LABELS[kind])}${CALLOUT_LABELS[kind]}</strong><p>${kind} 正文</p></aside>`);
      expect(markdown).toContain(`> **${CALLOUT_LABELS[kind]}**\n>\n> ${kind} 正文`);
    }
    expect(Object.values(CALLOUT_LABELS)).toEqual(['备注', '说明', '提示', '重要', '注意', '小心', '警告']);
  });

  it('nests with the same number of colons or more on the outer one, the same way', () => {
    const expected = `${aside('info', '外层')}外层</strong><p>外层正文</p>${aside('danger', '警告')}警告</strong><p>内层正文</p></aside><p>外层续</p></aside>`;
    expect(cases.ok('nestedSame').html).toBe(expected);
    expect(cases.ok('nestedMore').html).toBe(expected);
    expect(cases.ok('nestedSame').markdown).toContain('> **外层**\n>\n> 外层正文\n>\n> > **警告**\n> >\n> > 内层正文\n>\n> 外层续');
    expect(cases.ok('nestedSame').search).toBe('外层 外层正文 警告 内层正文 外层续');
  });

  it('renders Markdown inside: lists and code blocks', () => {
    const { html, markdown, search } = cases.ok('markdownInside');
    expect(html).toMatch(/^<aside class="callout callout-note"[^>]*><strong class="callout-title">备注<\/strong><ul>\n<li>第一步<\/li>\n<li>第二步<\/li>\n<\/ul><div class="code-block"/);
    expect(markdown).toContain('> - 第一步\n> - 第二步\n>\n> ```bash\n> wing sync\n> ```');
    expect(search).toBe('备注 第一步 第二步');
  });

  it('turns GitHub alerts into the same callout, with an optional title on the marker line', () => {
    expect(cases.ok('alert').html).toBe(`${aside('important', '重要')}重要</strong><p>升级前备份。\n第二行。</p></aside>`);
    expect(cases.ok('alert').markdown).toContain('> **重要**\n>\n> 升级前备份。\n> 第二行。');
    expect(cases.ok('alertTitled').html).toBe(`${aside('caution', '删除之前')}删除之前</strong><p>无法恢复。</p></aside>`);
    expect(cases.ok('quote').html).toBe('<blockquote>\n<p>普通的引用。</p>\n</blockquote>');
  });

  it('keeps <Callout> as it was', () => {
    expect(cases.ok('component').html).toBe(`${aside('tip', '组件写法')}组件写法</strong><p>正文。</p></aside>`);
    expect(cases.ok('component').markdown).toContain('> **组件写法**\n>\n> 正文。');
  });

  it('draws every Docusaurus admonition name as Docusaurus does: caution, danger, secondary (a note), success (a tip), important, <Admonition>', () => {
    const { html, markdown } = cases.ok('docusaurusNames');
    expect(html.split('\n').filter(Boolean)).toEqual([
      `${aside('caution', '小心')}小心</strong><p>小心正文</p></aside>`,
      `${aside('danger', '删库之前')}删库之前</strong><p>危险正文</p></aside>`,
      `${aside('note', '备注')}备注</strong><p>次要正文</p></aside>`,
      `${aside('tip', '成功')}成功</strong><p>成功正文</p></aside>`,
      `${aside('important', '重要')}重要</strong><p>重要正文</p></aside>`,
      `${aside('warning', '组件标题')}组件标题</strong><p>组件正文</p></aside>`,
    ]);
    expect(markdown).toContain('> **成功**\n>\n> 成功正文');
    expect(markdown).not.toContain('import');
  });

  it('leaves colons in prose as they are written', () => {
    const { html, markdown } = cases.ok('colons');
    expect(html).toBe('<p>时间：10:30，比例 a:b，CSS 的 ::before 和 :hover，文档 :tip[不是提示框]。</p>\n<p>::note 也不是。</p>');
    expect(markdown).toContain('时间：10:30，比例 a:b，CSS 的 ::before 和 :hover，文档 :tip\\[不是提示框]。');
  });
});

describe('callout mistakes name the line of the file', () => {
  it.each([
    ['unknownDirective', 'content/docs/bad.mdx:7:1 未知的提示框类型 :::details（可用的类型：note、info、tip、important、warning、caution、danger、secondary、success）'],
    ['unknownAlert', 'content/docs/bad.mdx:7:1 未知的提示框类型 [!HINT]'],
    ['unknownComponentType', 'content/docs/bad.mdx:1:1 未知的提示框类型 <Callout type="hint">'],
    ['unclosed', 'content/docs/bad.mdx:7:1 提示框 :::tip 没有结束'],
  ])('%s', (name, message) => {
    expect(cases.error(name)).toContain(message);
  });
});
