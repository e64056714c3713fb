/**
 * Editorial rules of gatsby/content/rules.ts (quotes, placeholders, commit hashes, links to later
 * posts, orphan posts) on tiny
 * inline samples. The same functions run over the real content in __tests__/content/rules.test.ts
 * and in `npm run check:content`.
 */
import { checkMdxText, findLaterPostLinks, findNoChinese, findOrphanPosts, findSharedParagraphs, formatProblem, isReleasesPage, laterLinkZones, scanMdx, slugLine, type ContentRule } from '../../gatsby/content/rules';

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
    const source = ['运行 `echo "你好"` 查看。', '', '```bash', 'git commit -m "修复：「登录」"', '```', '', '说明 {/* "注释" */} 与 {\'{\'} 花括号。', '', '> ```text', '> "引用里的代码"', '> ```'].join('\n');
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
      { href: '/blog/a#x', line: 1, column: 7 },
      { href: '/blog/b', line: 1, column: 29 },
    ]);
  });

  it('reports a listed post that only links to itself or is linked from nowhere', () => {
    const posts = [
      { file: 'content/blog/2024-01-01-a/index.mdx', path: '/blog/a', line: 2 },
      { file: 'content/blog/2024-01-02-b/index.mdx', path: '/blog/b', line: 2 },
      { file: 'content/blog/2024-01-03-c/index.mdx', path: '/blog/c', line: 3 },
    ];
    const pages = [
      {
        file: 'content/blog/2024-01-01-a/index.mdx',
        links: [
          { href: '/blog/a', line: 5, column: 1 },
          { href: '/blog/b#intro', line: 6, column: 1 },
        ],
      },
      { file: 'content/docs/intro.mdx', links: [{ href: '/blog/c', line: 9, column: 1 }] },
    ];
    const orphans = findOrphanPosts(posts, pages);
    expect(orphans.map((o) => o.path)).toEqual(['/blog/a']);
    expect(formatProblem(orphans[0]!.file, orphans[0]!.problem)).toMatch(/^content\/blog\/2024-01-01-a\/index\.mdx:2:1 孤立文章：.*\/blog\/a/);
  });

  it('finds the slug line of a post', () => {
    expect(slugLine('---\ntitle: x\nslug: abc\n---\n')).toBe(3);
  });
});

describe('commit hashes in prose', () => {
  const hashes = (source: string, hashesAllowed = false) =>
    checkMdxText(source, { hashesAllowed })
      .filter((p) => p.rule === 'commit-hash')
      .map((p) => `${p.line}:${p.column}`);

  it('reports 7–40 hex characters with a digit and a letter, word-bounded, in Chinese or English prose', () => {
    expect(hashes('在提交 6c64780 里修正。\n\n见提交6c64780和 0123456789abcdef0123456789abcdef01234567。\n')).toEqual(['1:5', '3:4', '3:13']);
    expect(hashes('Fixed in 8FFE9B3.\n')).toEqual(['1:10']);
    expect(hashes('---\ntitle: 标题\ndescription: 按 6c64780 核对\n---\n\n正文。\n')).toEqual(['3:14']);
  });

  it('leaves alone what is not a hash: short, all digits, all letters, longer words, x-prefixed numbers', () => {
    expect(hashes('版本 1.3.2，日期 20241104，单词 deadbeef 和 facade，x86 与 arm64-v8a，0x7fffffff，6c64780ab12345678901234567890123456789012 太长。\n')).toEqual([]);
  });

  it('exempts code, inline code and link addresses, but not link text', () => {
    expect(hashes('```bash\ngit checkout 6c64780\n```\n\n运行 `git show 6c64780`，见[源码](https://github.com/iofomo/wing/blob/6c64780/wing.py)。\n')).toEqual([]);
    expect(hashes('见 [6c64780](https://github.com/iofomo/wing/commit/6c64780)。\n')).toEqual(['1:4']);
  });

  it('allows hashes on Releases pages only', () => {
    expect(hashes('最新提交 6c64780。\n', true)).toEqual([]);
    expect(isReleasesPage('content/docs/desktop/wing/Releases.mdx')).toBe(true);
    expect(isReleasesPage('content/docs/desktop/wing/User guide.mdx')).toBe(false);
    expect(isReleasesPage('content/blog/2024-01-01-releases/index.mdx')).toBe(false);
  });
});

describe('links to later posts', () => {
  const dates: Record<string, string> = { '/blog/old': '2023-01-05', '/blog/same': '2024-03-01', '/blog/next': '2024-03-20', '/blog/late': '2024-11-05', '/blog/later': '2025-01-14' };
  const check = (body: string, today = '2025-06-01') => findLaterPostLinks(`---\ntitle: 标题\ndate: 2024-03-01\n---\n${body}`, '2024-03-01', (path) => dates[path], today).map((p) => `${p.line}:${p.column} ${p.message}`);

  it('reports a link to a later post in the body, with file line and column of the address', () => {
    const problems = check('正文见 [下一篇](/blog/next#用法)。\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^5:11 链接到更晚的文章：本文写于 2024-03-01，\/blog\/next 发表于 2024-03-20/);
  });

  it('accepts links to earlier and same-day posts, docs, and later posts named only in code', () => {
    expect(check('见 [旧文](/blog/old)、[同日](/blog/same)、[文档](/docs/intro) 和 `[代码](/blog/late)`。\n')).toEqual([]);
  });

  it('accepts later posts in an update note at the end, heading or paragraph form, also quoted or bold', () => {
    expect(check('正文。\n\n## 2024 年 11 月补记\n\n后来写了 [这篇](/blog/late)。\n\n再补一句 [下一篇](/blog/next)。\n')).toEqual([]);
    expect(check('正文。\n\n2024 年 11 月补记：见 [这篇](/blog/late)。\n\n还有 [下一篇](/blog/next)。\n')).toEqual([]);
    expect(check('正文。\n\n> **2024 年 11 月补记**：见 [这篇](/blog/late)。\n')).toEqual([]);
  });

  it('gives series navigation and further-reading lists no exemption: the series box and related posts are page chrome', () => {
    expect(check('本系列下一篇：[下一篇](/blog/next)。\n\n正文。\n')).toHaveLength(1);
    expect(check('正文。\n\n延伸阅读：\n\n- [这篇](/blog/late)\n- [那篇](/blog/later)\n')).toHaveLength(2);
    expect(check('## 延伸阅读\n\n- [这篇](/blog/late)\n')).toEqual([expect.stringContaining('之后的文章由页面的系列导航和“相关文章”列出')]);
    expect(check('延伸阅读：[旧文](/blog/old)。\n')).toEqual([]);
  });

  it('does not take a marker in the middle of a paragraph or in a list item', () => {
    expect(check('第一行\n2024 年 11 月补记：[这篇](/blog/late)\n')).toHaveLength(1);
  });

  it('an update note ends at the next heading', () => {
    expect(check('2024 年 11 月补记：见下文。\n\n## 新的一节\n\n[这篇](/blog/late)\n')).toHaveLength(1);
  });

  it('reports update notes dated before the post, after today, or before the post they link to', () => {
    expect(check('2024 年 2 月补记：说明。\n')).toEqual([expect.stringMatching(/^5:1 补记日期：“2024 年 2 月补记”早于文章自己的日期 2024-03-01/)]);
    expect(check('## 2025 年 7 月补记\n', '2025-06-01')).toEqual([expect.stringMatching(/^5:4 补记日期：“2025 年 7 月补记”晚于今天（2025-06-01）/)]);
    expect(check('2024 年 11 月补记：见 [那篇](/blog/later)。\n')).toEqual([expect.stringMatching(/^5:22 链接到更晚的文章：“2024 年 11 月补记”写在 \/blog\/later（2025-01-14）发表之前/)]);
    expect(check('2025 年 1 月补记：见 [那篇](/blog/later)。\n')).toEqual([]);
  });

  it('finds the zones of a body by line', () => {
    expect(laterLinkZones('正文。\n\n本系列：\n\n1. [a](/blog/a)\n2. [b](/blog/b)\n\n## 2024 年 11 月补记\n\n说明。\n')).toEqual([{ kind: 'update', from: 8, to: 10, column: 4, month: '2024-11' }]);
  });
});

/** One rule's problems in an MDX source, as `line:column message`. */
const problemsOf = (rule: ContentRule) => (source: string) =>
  checkMdxText(source)
    .filter((p) => p.rule === rule)
    .map((p) => `${p.line}:${p.column} ${p.message}`);

describe('image alt text', () => {
  const alts = problemsOf('image-alt');

  it('reports a Markdown image whose alt text has no Chinese, with its line, column and address', () => {
    expect(alts('---\ntitle: 标题\n---\n\n![screenshot](./a.png) 和 ![](./img/b.svg "标题")\n')).toEqual([
      '5:1 图片的替代文字要写成有意义的中文描述：![screenshot](./a.png)',
      '5:26 图片的替代文字要写成有意义的中文描述：![](./img/b.svg)',
    ]);
  });

  it('accepts Chinese alt text, mixed with Latin too, and leaves code and links alone', () => {
    expect(alts('![Wing 的命令行界面](./a.png)\n\n`![x](./b.png)`\n\n```md\n![x](./c.png)\n```\n\n[链接](./d) 与 [x](/docs/intro)\n')).toEqual([]);
  });
});

describe('a paragraph of Chinese, and none copied', () => {
  const long = '我们把每一次同步都写成一条可以重放的记录，出了问题时照着记录从头再来一遍就能复现。';

  it('reports a page whose prose has no paragraph of 20 Han characters, at its first body line', () => {
    expect(findNoChinese('---\ntitle: 标题\n---\n\nOnly English here.\n\n```\n代码里的中文不算代码里的中文不算代码里的中文不算\n```\n').map((p) => `${p.line} ${p.message}`)).toEqual([
      '4 正文里至少要有一段中文（20 个汉字以上）',
    ]);
    expect(findNoChinese(`---\ntitle: 标题\n---\n\n${long}\n`)).toEqual([]);
  });

  it('reports a copied paragraph in the later file, naming the first with its line; short or code paragraphs do not count', () => {
    const a = `---\ntitle: 甲\n---\n\n开头。\n\n${long}\n`;
    const b = `---\ntitle: 乙\n---\n\n不同的开头。\n\n第二段。\n\n${long.slice(0, 20)}\n${long.slice(20)}\n`;
    const c = `---\ntitle: 丙\n---\n\n开头。\n\n\`\`\`\n${long}\n\`\`\`\n`;
    expect(
      findSharedParagraphs([
        { file: 'a.mdx', source: a },
        { file: 'b.mdx', source: b },
        { file: 'c.mdx', source: c },
      ]).map(({ file, problem }) => `${file}:${problem.line} ${problem.message}`),
    ).toEqual(['b.mdx:9 重复的段落：与 a.mdx:7 的段落相同，请改写或只留一处，另一处链接过去']);
    expect(
      findSharedParagraphs([
        { file: 'a.mdx', source: a },
        { file: 'a2.mdx', source: `---\ntitle: 丁\n---\n\n开头。\n` },
      ]),
    ).toEqual([]);
  });
});

describe('heading order', () => {
  const order = problemsOf('heading-order');

  it('reports a heading more than one level deeper than the one before it (the title is level 1)', () => {
    expect(order('---\ntitle: 标题\n---\n\n### 一上来就是三级\n\n## 二级\n\n#### 跳到四级\n\n### 三级\n\n#### 四级\n\n## 回到二级\n')).toEqual([
      '5:1 标题层级：从 1 级直接到了 3 级，中间要有 2 级标题（##），或把这一级改成 ##',
      '9:1 标题层级：从 2 级直接到了 4 级，中间要有 3 级标题（###），或把这一级改成 ###',
    ]);
  });

  it('leaves code, and going back up any number of levels, alone', () => {
    expect(order('## 二级\n\n### 三级\n\n#### 四级\n\n## 二级\n\n```md\n#### 代码里的标题\n```\n')).toEqual([]);
  });
});

describe('link text', () => {
  const empty = problemsOf('link-text');

  it('reports a Markdown link with no words, with its line and column', () => {
    expect(empty('见[]( /blog/binder)和[ ](https://example.com)。\n')).toEqual([
      '1:2 链接没有文字：[]( /blog/binder)，读屏软件读不出它通向哪里，请写上链接文字',
      '1:20 链接没有文字：[ ](https://example.com)，读屏软件读不出它通向哪里，请写上链接文字',
    ]);
  });

  it('leaves links with words, linked images, images, task lists and code alone', () => {
    expect(empty('[Binder](/blog/binder) [![图](./a.png)](/x) ![图](./b.png)\n\n- [ ] 待办\n\n`[](/x)`\n')).toEqual([]);
  });
});
