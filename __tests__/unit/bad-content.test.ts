/**
 * Bad content fails loudly and names the file: each fixture under __tests__/fixtures is a
 * content/ tree with one defect, checked by the same script editors run (npm run check:content),
 * which uses the same validators and link checker as the build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnScript } from '../support/script';

const root = path.resolve(__dirname, '../..');

const fixtureRoot = (fixture: string) => path.join(__dirname, '../fixtures', fixture);

/**
 * Every fixture checked by one run of the script (several --root, --json): one process instead of
 * one per fixture, each tree checked exactly as `npm run check:content -- --root <tree>` would.
 */
function checkAll(fixtures: readonly string[]): Map<string, { status: number; output: string }> {
  const result = spawnScript([path.join(root, 'scripts/check-content.mts'), '--json', ...fixtures.flatMap((f) => ['--root', fixtureRoot(f)])], { encoding: 'utf8', cwd: root });
  if (!result.stdout.trim()) throw new Error(`check:content printed nothing (status ${result.status}): ${result.stderr}`);
  const byRoot = JSON.parse(result.stdout) as Record<string, { status: number; output: string }>;
  return new Map(fixtures.map((f) => [f, byRoot[fixtureRoot(f)] ?? { status: -1, output: `no result for ${f}` }]));
}

const BAD: ReadonlyArray<[string, string, string]> = [
  ['bad-missing-title', 'content/blog/2024-01-01-ok/index.mdx', '"title" 缺失'],
  ['bad-date', 'content/blog/2024-02-30-bad-date/index.mdx', '内容错误 content/blog/2024-02-30-bad-date/index.mdx:4:7: 字段 "date" 不是真实存在的日期：2024-02-30'],
  // The folder says 03-01: a reader that rolls 02-30 over to 03-01 finds the two in agreement.
  ['bad-date-folder', 'content/blog/2024-03-01-leap/index.mdx', '内容错误 content/blog/2024-03-01-leap/index.mdx:4:7: 字段 "date" 不是真实存在的日期：2024-02-30'],
  ['bad-link', 'content/docs/intro.mdx', '/docs/desktop/wing/Nope'],
  ['bad-duplicate', 'content/blog/2024-01-02-same/index.mdx', '"same" 与 content/blog/2024-01-01-same/index.mdx 重复'],
  ['bad-image', 'content/docs/intro.mdx', './img/missing.png'],
  ['bad-mdx', 'content/docs/intro.mdx', 'MDX 语法错误'],
  ['bad-component', 'content/docs/intro.mdx:8:1', '未知的 MDX 组件 <Steps>'],
  ['bad-relative-link', 'content/docs/desktop/wing/Introduce.mdx:10', '链接到其他页面请写以 / 开头的绝对路径（同一页内的标题写 #锚点）：Get%20start'],
  ['bad-quotes', 'content/docs/intro.mdx:8:3', '引号：中文正文用“”和‘’，不用 「'],
  ['bad-placeholder', 'content/docs/intro.mdx:9:11', '占位符：<仓库地址> 不是真实地址'],
  ['bad-spec-route', '__tests__/routes.txt:6 规格的路由 /blog/gone 没有页面了', '先改规格，再改 __tests__/routes.txt'],
  ['bad-later-link', 'content/blog/2024-01-01-early/index.mdx:10:27', '链接到更晚的文章：本文写于 2024-01-01，/blog/late 发表于 2024-06-01'],
  ['bad-series', 'content/blog/2024-02-01-second/index.mdx:7 系列：未知的系列“two”', 'content/series.yaml 里没有这个键（已有：one）'],
  ['bad-commit-hash', 'content/docs/intro.mdx:6:10', '提交号：正文里的 6c64780 像是提交哈希'],
  ['bad-diagram', 'content/docs/intro.mdx:10 无法绘制的 Mermaid 图（时序图）', '第 5 行：无法识别“B-->>A 回复”'],
  ['bad-authors', 'content/authors.json', '字段 "tiony.bo.git" 必须是邮箱或 git 作者名的列表'],
  ['bad-cover', 'content/blog/2024-01-01-hello/index.mdx:8:8', '字段 "image" 封面图不存在：./cover.png（路径相对于文章所在的目录）'],
  ['bad-author-id', 'content/blog/2024-01-01-hello/index.mdx:6:21', '字段 "authors" 未知的作者“nobody”：content/authors.json 里没有这个 id（已有：tiony.bo）'],
  ['bad-typography', 'content/docs/intro.mdx:6:3', '排版：`安装Wing之后，` 应为 `安装 Wing 之后，`'],
  ['bad-steps', 'content/docs/intro.mdx:9:1', ':::steps 里要写一个有序列表'],
  ['bad-heading-order', 'content/docs/intro.mdx:10:1', '标题层级：从 2 级直接到了 4 级，中间要有 3 级标题（###），或把这一级改成 ###'],
  ['bad-link-text', 'content/docs/intro.mdx:8:6', '链接没有文字：[](/docs/intro)'],
  ['bad-alt', 'content/docs/intro.mdx:8:1', '图片的替代文字要写成有意义的中文描述：![diagram](./img/figure.svg)'],
  ['bad-anchor', 'content/docs/intro.mdx', '已发布的锚点 #原来的标题 不见了（标题改过？）：运行 npm run anchors'],
];

/** Fixtures whose content passes with reminders (提醒). */
const WARN = ['warn-orphan', 'warn-directive'];

/** What check:content said about each fixture, bad and warned alike: all checked by one run. */
let results: Map<string, { status: number; output: string }>;
beforeAll(() => {
  results = checkAll([...BAD.map(([fixture]) => fixture), ...WARN]);
}, 120_000);
const resultOf = (fixture: string) => results.get(fixture) ?? { status: -1, output: '' };

describe('bad content is reported with the file named', () => {
  it.each(BAD)('%s', (fixture, file, message) => {
    const { status, output } = resultOf(fixture);
    expect(status).toBe(1);
    expect(output).toContain(file);
    expect(output).toContain(message);
  });

  it('passes on the real content', () => {
    const result = spawnScript([path.join(root, 'scripts/check-content.mts')], { encoding: 'utf8', cwd: root });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('warnings name the file and line without failing the check', () => {
  it('a listed post no other page links to (its slug line), since what links to it can change elsewhere', () => {
    const { status, output } = resultOf('warn-orphan');
    expect(status).toBe(0);
    expect(output).toContain('content/blog/2024-01-03-alone/index.mdx:3:1 提醒：孤立文章：没有其他文章或文档链接到 /blog/alone');
    expect(output).toContain('1 个提醒');
  });

  it('word:name followed by […] or {…}, shown as written (gatsby/markdown/restore-directives.ts)', () => {
    const { status, output } = resultOf('warn-directive');
    expect(status).toBe(0);
    expect(output).toContain('content/docs/intro.mdx:8:7 提醒：`:docs[文档]` 按原文显示');
    expect(output).toContain('content/docs/intro.mdx:8:42 提醒：`:b{c}` 按原文显示');
    // Colons without a label or attributes (line 6) are prose, nothing to say about them.
    expect(output).not.toContain('intro.mdx:6:');
    expect(output).toContain('内容检查通过：0 篇文章，1 篇文档，2 个提醒');
  });
});

describe('the Gatsby build rejects an impossible date the same way', () => {
  it.each([
    ['bad-date', 'blog', '2024-02-30-bad-date'],
    ['bad-date-folder', 'blog', '2024-03-01-leap'],
  ])('%s: its Mdx node as gatsby-plugin-mdx makes it, validated by onCreateNode', (fixture, source, folder) => {
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports -- modules loaded afresh for this test (jest.isolateModules) */
      // gatsby-plugin-mdx's own frontmatter reader, which reads through the site's (the date as written).
      const { parseFrontmatter } = require('gatsby-plugin-mdx/dist/frontmatter') as { parseFrontmatter(key: string, source: string): { body: string; frontmatter: Record<string, unknown> } };
      const { onCreateNode, collectedContentErrors } = require('../../gatsby/content/gatsby-node') as typeof import('../../gatsby/content/gatsby-node');
      /* eslint-enable @typescript-eslint/no-require-imports */
      const absolutePath = path.join(__dirname, '../fixtures', fixture, 'content', source, folder, 'index.mdx');
      const { body, frontmatter } = parseFrontmatter(fixture, readFileSync(absolutePath, 'utf8'));
      expect(frontmatter.date).toBe('2024-02-30');
      const file = { id: 'file', sourceInstanceName: source, relativePath: `${folder}/index.mdx`, relativeDirectory: folder, absolutePath };
      const node = { id: 'mdx', parent: 'file', internal: { type: 'Mdx' }, frontmatter, body };
      const fields: string[] = [];
      const args = { node, getNode: (id: string) => (id === 'file' ? file : undefined), actions: { createNodeField: ({ name }: { name: string }) => fields.push(name) } };
      (onCreateNode as (a: unknown) => void)(args);
      expect(collectedContentErrors().map((e) => e.message)).toEqual([`内容错误 content/${source}/${folder}/index.mdx:4:7: 字段 "date" 不是真实存在的日期：2024-02-30`]);
      expect(fields).toEqual([]);
    });
  });
});
