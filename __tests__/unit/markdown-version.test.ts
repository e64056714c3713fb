/**
 * Markdown versions (gatsby/markdown/markdown-version.ts): each MDX construct content may use, turned into its
 * Markdown meaning. The real parser and serializer run (in a script of their own: they are ES modules), on
 * small sources written here.
 */
import path from 'node:path';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');

interface Case {
  source: string;
  title?: string;
  basePath?: string;
  file?: string;
  cover?: string;
  lastUpdated?: { date: string; author?: string };
}

/** All cases of this file go through one script process, keyed by name. */
const CASES: Record<string, Case> = {
  title: { source: '正文第一段，含 **粗体**、*强调* 和 `code`。\n\n## 小节\n\n### 更小的节\n\n第二段。\n' },
  calloutTypes: {
    source: [
      '<Callout type="tip">',
      '按提示操作。',
      '</Callout>',
      '',
      '<Callout type="warning">',
      '小心。',
      '</Callout>',
      '',
      '<Callout type="danger">',
      '危险。',
      '</Callout>',
      '',
      '<Callout>',
      '默认是说明。',
      '</Callout>',
      '',
    ].join('\n'),
  },
  calloutTitle: { source: ['<Callout type="info" title="升级前必读">', '先备份 **工作空间**。', '', '- 第一步', '- 第二步', '', '```bash', 'wing sync', '```', '</Callout>', ''].join('\n') },
  details: { source: ['<details>', '<summary>为什么需要 root？</summary>', '', '因为要读取 `/data` 目录。', '', '</details>', ''].join('\n') },
  inlineHtml: { source: '按 <kbd>Ctrl</kbd>+<kbd>K</kbd> 搜索，<strong>加粗</strong>、<em>强调</em>、<del>删除</del>。\n\n第一行<br />第二行\n' },
  blockHtml: { source: ['<div>', '<h2>HTML 标题</h2>', '<p>HTML 段落</p>', '<ul>', '<li>甲</li>', '<li>乙</li>', '</ul>', '<hr />', '</div>', ''].join('\n') },
  images: { source: '![构建流程示意图](./img/flow.png)\n\n<img src="./img/logo.svg" alt="标志" />\n\n![远程图片](https://example.com/x.png)\n', basePath: '/fomosite' },
  code: { source: '```kotlin\nval binder = ServiceManager.getService("activity")\n```\n\n```text\n纯文本\n```\n' },
  table: { source: '| 命令 | 作用 | 平台 |\n| :--- | :-: | --: |\n| `wing sync` | 同步所有仓库 | 全部 |\n| `wing status` | 查看 a\\|b 状态 | Linux |\n' },
  links: {
    source: '见 [开始使用](/docs/desktop/wing/Get%20start)、[本页小节](#安装)、[GitHub](https://github.com/iofomo) 和 [引用链接][ref]。\n\n[ref]: /blog/binder\n',
    basePath: '/fomosite',
  },
  expressions: { source: "花括号 {'{'} 和 {'}'} 原样显示。\n\n{/* 给编辑看的注释 */}\n\n最后一段。\n" },
  gfm: { source: '- [x] 已完成\n- [ ] 未完成\n\n~~过时~~ 的说法[^1]。\n\n1. 一\n2. 二\n\n> 引用\n\n[^1]: 脚注内容。\n' },
  cover: { source: '![调用路径示意](./cover.png)\n\n正文。\n', cover: './cover.png', title: '深入 Binder 拦截' },
  coverNotInBody: { source: '正文。\n', cover: './cover.png', title: '没有正文图片' },
  lastUpdated: { source: '正文。\n', lastUpdated: { date: '2026-11-23' } },
  lastUpdatedPost: { source: '正文。\n', cover: './cover.png', title: '改过的文章', lastUpdated: { date: '2026-01-05', author: 'Tiony.bo' } },
  esm: { source: "import X from './x'\n\n正文\n", file: 'content/docs/bad.mdx' },
  unknownComponent: { source: '正文\n\n<Tabz>\n内容\n</Tabz>\n', file: 'content/docs/bad.mdx' },
  computed: { source: '值是 {1 + 1}。\n', file: 'content/docs/bad.mdx' },
};

let results: Record<string, { markdown?: string; error?: string }> = {};

beforeAll(() => {
  const names = Object.keys(CASES);
  const input = names.map((name) => ({ title: '页面标题', ...CASES[name] }));
  const run = spawnScript([path.join(__dirname, 'support/render-markdown-versions.mts')], { cwd: ROOT, input: JSON.stringify(input), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const out = JSON.parse(run.stdout) as Array<{ markdown?: string; error?: string }>;
  results = Object.fromEntries(names.map((name, i) => [name, out[i] as { markdown?: string; error?: string }]));
}, 60_000);

const md = (name: string): string => {
  const result = results[name];
  if (!result || result.markdown === undefined) throw new Error(`${name}: ${result?.error}`);
  return result.markdown;
};

describe('Markdown version of each MDX construct', () => {
  it('starts with the title as h1, then the body with its headings and inline formatting', () => {
    expect(md('title')).toBe('# 页面标题\n\n正文第一段，含 **粗体**、*强调* 和 `code`。\n\n## 小节\n\n### 更小的节\n\n第二段。\n');
  });

  it('<Callout> → a blockquote opening with its label (type name, or its title)', () => {
    expect(md('calloutTypes')).toBe('# 页面标题\n\n> **提示**\n>\n> 按提示操作。\n\n> **注意**\n>\n> 小心。\n\n> **警告**\n>\n> 危险。\n\n> **说明**\n>\n> 默认是说明。\n');
    expect(md('calloutTitle')).toBe('# 页面标题\n\n> **升级前必读**\n>\n> 先备份 **工作空间**。\n>\n> - 第一步\n> - 第二步\n>\n> ```bash\n> wing sync\n> ```\n');
  });

  it('<details>/<summary> → the summary as a bold paragraph, then the content', () => {
    expect(md('details')).toBe('# 页面标题\n\n**为什么需要 root？**\n\n因为要读取 `/data` 目录。\n');
  });

  it('inline HTML → its Markdown: <kbd> as code, <br /> as a line break, <strong>/<em>/<del>', () => {
    expect(md('inlineHtml')).toBe('# 页面标题\n\n按 `Ctrl`+`K` 搜索，**加粗**、*强调*、~~删除~~。\n\n第一行\\\n第二行\n');
  });

  it('block HTML → headings, paragraphs, lists and rules; wrappers keep only their content', () => {
    expect(md('blockHtml')).toBe('# 页面标题\n\n## HTML 标题\n\nHTML 段落\n\n- 甲\n- 乙\n\n---\n');
  });

  it('images keep their alt text and get absolute URLs under the base URL (remote ones stay)', () => {
    expect(md('images')).toBe(
      '# 页面标题\n\n![构建流程示意图](https://www.iofomo.com/fomosite/static/h/flow.png)\n\n![标志](https://www.iofomo.com/fomosite/static/h/logo.svg)\n\n![远程图片](https://example.com/x.png)\n',
    );
  });

  it('code fences keep their language', () => {
    expect(md('code')).toBe('# 页面标题\n\n```kotlin\nval binder = ServiceManager.getService("activity")\n```\n\n```text\n纯文本\n```\n');
  });

  it('GFM tables stay tables, with their alignment and escaped pipes', () => {
    const lines = md('table').split('\n').slice(2, 6);
    expect(lines[0]).toMatch(/^\| 命令 +\| +作用 +\| +平台 \|$/);
    expect(lines[1]).toMatch(/^\| :-+ \| :-+: \| -+: \|$/);
    expect(lines[2]).toContain('`wing sync`');
    expect(lines[3]).toContain('查看 a\\|b 状态');
  });

  it('site-absolute links get the base URL; anchors and other sites stay as written', () => {
    expect(md('links')).toBe('# 页面标题\n\n见 [开始使用](/fomosite/docs/desktop/wing/Get%20start)、[本页小节](#安装)、[GitHub](https://github.com/iofomo) 和 [引用链接][ref]。\n\n[ref]: /fomosite/blog/binder\n');
  });

  it('string expressions become their text; comments are dropped', () => {
    expect(md('expressions')).toBe('# 页面标题\n\n花括号 { 和 } 原样显示。\n\n最后一段。\n');
  });

  it('task lists, strikethrough, footnotes, ordered lists and quotes survive', () => {
    expect(md('gfm')).toBe('# 页面标题\n\n- [x] 已完成\n- [ ] 未完成\n\n~~过时~~ 的说法[^1]。\n\n1. 一\n2. 二\n\n> 引用\n\n[^1]: 脚注内容。\n');
  });

  it("a post's cover follows the title once, with the body copy's alt text", () => {
    expect(md('cover')).toBe('# 深入 Binder 拦截\n\n![调用路径示意](https://www.iofomo.com/static/h/cover.png)\n\n正文。\n');
    expect(md('coverNotInBody')).toBe('# 没有正文图片\n\n![没有正文图片：封面图](https://www.iofomo.com/static/h/cover.png)\n\n正文。\n');
  });

  it('the last-updated line follows the title, before a cover, as on the page', () => {
    expect(md('lastUpdated')).toBe('# 页面标题\n\n最后更新于 2026年11月23日\n\n正文。\n');
    expect(md('lastUpdatedPost')).toBe('# 改过的文章\n\n最后更新于 2026年1月5日（Tiony.bo）\n\n![改过的文章：封面图](https://www.iofomo.com/static/h/cover.png)\n\n正文。\n');
    expect(md('title')).not.toContain('最后更新于');
  });

  it('what needs JavaScript stops with the file and line, as in the HTML renderer', () => {
    expect(results.esm?.error).toMatch(/content\/docs\/bad\.mdx:1:1 内容中不支持 import/);
    expect(results.unknownComponent?.error).toMatch(/content\/docs\/bad\.mdx:3:1 未知的 MDX 组件 <Tabz>/);
    expect(results.computed?.error).toMatch(/content\/docs\/bad\.mdx:1:4 表达式 \{1 \+ 1\}/);
  });
});
