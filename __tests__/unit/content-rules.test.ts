/**
 * Editorial rules of build/content/rules.ts (quotes, placeholders, orphan posts) on tiny
 * inline samples. The same functions run over the real content in __tests__/content/rules.test.ts
 * and in `npm run check:content`.
 */
import { checkMdxText, findOrphanPosts, formatProblem, scanMdx, slugLine } from '../../build/content/rules';

const problems = (source: string) => checkMdxText(source).map((p) => `${p.rule} ${p.line}:${p.column}`);

describe('quotes', () => {
  it('accepts “” and ‘’ in Chinese prose', () => {
    expect(problems('选择“允许”后，系统提示“已下载‘描述文件’”。\n')).toEqual([]);
  });

  it('reports ASCII double quotes in a block of Chinese text, with line and column', () => {
    expect(problems('第一行\n\n点击 "安装" 按钮。\n')).toEqual(['quotes 3:4', 'quotes 3:7']);
  });

  it('reports quoted English inside Chinese prose too, but not English-only paragraphs', () => {
    expect(problems('页面显示 "Try again" 按钮。\n')).toEqual(['quotes 1:6', 'quotes 1:16']);
    expect(problems('He said "hello" and left.\n')).toEqual([]);
  });

  it('reports 「」 and 『』 anywhere in prose', () => {
    expect(problems('Use 「this」.\n\n## 『标题』\n')).toEqual(['quotes 1:5', 'quotes 1:10', 'quotes 3:4', 'quotes 3:7']);
  });

  it("reports '…' around words in Chinese prose and leaves apostrophes alone", () => {
    expect(problems("用 'Retry' 重试，iofomo's 工具。\n")).toEqual(['quotes 1:3']);
    expect(problems("这是 don't 和 it's 的写法。\n")).toEqual([]);
  });

  it('exempts fenced code, inline code, expressions and comments', () => {
    const source = [
      '运行 `echo "你好"` 查看。',
      '',
      '```bash',
      'git commit -m "修复：「登录」"',
      '```',
      '',
      '说明 {/* "注释" */} 与 {\'{\'} 花括号。',
      '',
      '> ```text',
      '> "引用里的代码"',
      '> ```',
    ].join('\n');
    expect(problems(source)).toEqual([]);
  });

  it('exempts JSX syntax and link destinations, but checks attribute values and link text', () => {
    expect(problems('<Callout type="tip" title="两种模式">\n正文。\n</Callout>\n')).toEqual([]);
    expect(problems('<Callout title="点 「确定」">\n正文。\n</Callout>\n')).toEqual(['quotes 1:19', 'quotes 1:22']);
    expect(problems('见 [文档](/docs/a "标题") 和 ![示意图](./a.png)。\n')).toEqual([]);
    expect(problems('见 ["文档"](/docs/a)。\n')).toEqual(['quotes 1:4', 'quotes 1:7']);
  });

  it('checks the frontmatter title, description and sidebar_label text, not YAML syntax', () => {
    const source = ['---', 'title: "开始使用"', 'description: 点击 "安装"', "sidebar_label: '「入门」'", 'slug: "a"', '---', '', '正文。', ''].join('\n');
    expect(problems(source)).toEqual(['quotes 3:14', 'quotes 3:14', 'quotes 4:16', 'quotes 4:16']);
  });

  it('reports body lines as file lines after the frontmatter', () => {
    expect(problems('---\ntitle: 标题\n---\n\n第一段 "引号"。\n')).toEqual(['quotes 5:5', 'quotes 5:8']);
  });
});

describe('placeholders', () => {
  it('reports <…地址> and ‹…› even inside code, where clone URLs are written', () => {
    expect(problems('克隆：\n\n```bash\ngit clone <llama.cpp 仓库地址> llama.cpp\n```\n')).toEqual(['placeholder 4:11']);
    expect(problems('```bash\ngit clone ‹仓库地址> x\n```\n')).toEqual(['placeholder 2:11']);
  });

  it('accepts real addresses and usage placeholders that are not addresses', () => {
    expect(problems('```bash\ngit clone https://github.com/ggerganov/llama.cpp\nwing init <空间名> <分支> <索引.xml>\n```\n')).toEqual([]);
  });

  it('reports TODO and 待补充 in prose but not in code', () => {
    expect(problems('这一节 TODO。\n\n内容待补充。\n')).toEqual(['placeholder 1:5', 'placeholder 3:3']);
    expect(problems('```xml\n<!-- TODO add git here ... -->\n```\n\n`TODO` 是模板里的原文。\n')).toEqual([]);
  });

  it('formats a problem with file, line and column', () => {
    const [p] = checkMdxText('内容待补充。\n');
    expect(formatProblem('content/docs/x.mdx', p!)).toBe('content/docs/x.mdx:1:3 占位符：正文里留有“待补充”，请写完或删掉');
  });
});

describe('links and orphan posts', () => {
  it('collects Markdown links and href attributes, not links inside code', () => {
    const { links } = scanMdx('见 [A](/blog/a#x) 和 <a href="/blog/b">B</a>。\n\n`[C](/blog/c)`\n');
    expect(links).toEqual([
      { href: '/blog/a#x', line: 1 },
      { href: '/blog/b', line: 1 },
    ]);
  });

  it('reports a listed post that only links to itself or is linked from nowhere', () => {
    const posts = [
      { file: 'content/blog/2024-01-01-a/index.mdx', path: '/blog/a', line: 2 },
      { file: 'content/blog/2024-01-02-b/index.mdx', path: '/blog/b', line: 2 },
      { file: 'content/blog/2024-01-03-c/index.mdx', path: '/blog/c', line: 3 },
    ];
    const pages = [
      { file: 'content/blog/2024-01-01-a/index.mdx', links: [{ href: '/blog/a', line: 5 }, { href: '/blog/b#intro', line: 6 }] },
      { file: 'content/docs/intro.mdx', links: [{ href: '/blog/c', line: 9 }] },
    ];
    const orphans = findOrphanPosts(posts, pages);
    expect(orphans.map((o) => o.path)).toEqual(['/blog/a']);
    expect(formatProblem(orphans[0]!.file, orphans[0]!.problem)).toMatch(/^content\/blog\/2024-01-01-a\/index\.mdx:2:1 孤立文章：.*\/blog\/a/);
  });

  it('finds the slug line of a post', () => {
    expect(slugLine('---\ntitle: x\nslug: abc\n---\n')).toBe(3);
  });
});
