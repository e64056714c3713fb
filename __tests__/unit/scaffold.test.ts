/**
 * `npm run new` (gatsby/content/scaffold.ts plans, scripts/new-content.mts writes): the files it
 * plans, what it refuses, and — on a copy of the real content — that what it writes passes
 * `npm run check:content` and that it never overwrites.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, planDoc, planPost, ScaffoldError, type ExistingContent } from '../../gatsby/content/scaffold';
import { spawnScript } from '../support/script';

const existing: ExistingContent = {
  postSlugs: ['binder', 'hiddenApi', 'broken-but-present'],
  posts: [
    { tags: ['android', 'binder'], authors: ['tiony.bo'] },
    { tags: ['android', 'aosp'], authors: ['tiony.bo'] },
    { tags: ['IT人生'], authors: ['tiony.bo'] },
  ],
  authors: ['tiony.bo', 'guest'],
  docs: [
    { id: 'intro', sidebarPosition: 1 },
    { id: 'desktop/wing/Introduce', sidebarPosition: 1 },
    { id: 'desktop/wing/Get start', sidebarPosition: 2.5 },
    { id: 'mobile/konker/user-guider', sidebarPosition: 2 },
    { id: 'mobile/konker/protocol-user' },
  ],
};

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ScaffoldError) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

describe('arguments', () => {
  it('reads post and doc requests, with --tags and --authors for posts', () => {
    expect(parseArgs(['post', 'my-post', '我的 文章'])).toEqual({ kind: 'post', slug: 'my-post', title: '我的 文章' });
    expect(parseArgs(['post', 'x', '标题', '--tags', 'android，binder', '--authors=guest'])).toEqual({ kind: 'post', slug: 'x', title: '标题', tags: ['android', 'binder'], authors: ['guest'] });
    expect(parseArgs(['doc', 'desktop/wing/FAQ', '常见问题'])).toEqual({ kind: 'doc', path: 'desktop/wing/FAQ', title: '常见问题' });
  });

  it('explains the usage when something is missing or extra', () => {
    expect(refusal(() => parseArgs(['post', 'x']))).toMatch(/需要类型.*\n用法：/);
    expect(refusal(() => parseArgs(['page', 'x', '标题']))).toMatch(/post 或 doc/);
    expect(refusal(() => parseArgs(['post', 'x', '两个', '词']))).toMatch(/多出了 词（标题有空格时请加引号）/);
    expect(refusal(() => parseArgs(['doc', 'a', '标题', '--tags', 'x']))).toMatch(/文档没有 --tags/);
    expect(refusal(() => parseArgs(['post', 'x', '标题', '--tags']))).toMatch(/--tags 后面缺少取值/);
  });
});

describe('a new post', () => {
  it('goes to content/blog/<today>-<slug>/index.mdx with every field of the content model, as a draft', () => {
    const plan = planPost({ kind: 'post', slug: 'my-post', title: 'Wing: 从零开始' }, existing, '2026-11-24');
    expect(plan.file).toBe('content/blog/2026-11-24-my-post/index.mdx');
    expect(plan.text.split('\n').slice(0, 9)).toEqual([
      '---',
      'slug: my-post',
      'title: "Wing: 从零开始"',
      'date: 2026-11-24',
      'tags: [android]',
      'authors: [tiony.bo]',
      'description: "Wing: 从零开始"',
      'draft: true',
      '---',
    ]);
    expect(plan.text).toMatch(/\{\/\* 正文从这里开始[\s\S]*删掉 draft: true[\s\S]*\*\/\}\n\n\{\/\* 可用的写法[\s\S]*\*\/\}\n$/);
    expect(plan.notes.join('\n')).toMatch(/标签暂用最常用的“android”/);
  });

  it('takes the tags and authors given, quoting what YAML would misread', () => {
    const plan = planPost({ kind: 'post', slug: 'x', title: 'true', tags: ['IT人生', 'binder'], authors: ['guest'] }, existing, '2026-01-05');
    expect(plan.text).toContain('title: "true"\n');
    expect(plan.text).toContain('tags: [IT人生, binder]\n');
    expect(plan.text).toContain('authors: [guest]\n');
  });

  it('refuses a slug any post already has, in any folder and letter case', () => {
    expect(refusal(() => planPost({ kind: 'post', slug: 'HiddenAPI', title: '标题' }, existing, '2026-11-24'))).toBe('博客里已有 slug 为“hiddenApi”的文章（/blog/hiddenApi），请换一个 slug');
    expect(refusal(() => planPost({ kind: 'post', slug: 'broken-but-present', title: '标题' }, existing, '2026-11-24'))).toMatch(/已有 slug/);
  });

  it('refuses the blog lists’ own addresses, bad slugs, unknown tags and authors, and titles the rules reject', () => {
    expect(refusal(() => planPost({ kind: 'post', slug: 'tags', title: '标题' }, existing, '2026-11-24'))).toMatch(/\/blog\/tags 是博客列表自己的网址/);
    expect(refusal(() => planPost({ kind: 'post', slug: 'archive', title: '标题' }, existing, '2026-11-24'))).toMatch(/博客列表/);
    expect(refusal(() => planPost({ kind: 'post', slug: '../x', title: '标题' }, existing, '2026-11-24'))).toMatch(/字段 "slug" 只能包含字母、数字、- 和 _/);
    expect(refusal(() => planPost({ kind: 'post', slug: 'x', title: '标题', tags: ['Android'] }, existing, '2026-11-24'))).toMatch(/还没有文章用过标签 Android（区分大小写）。新增标签前请先与维护者确认/);
    expect(refusal(() => planPost({ kind: 'post', slug: 'x', title: '标题', authors: ['nobody'] }, existing, '2026-11-24'))).toMatch(/content\/authors.json 里没有作者 nobody/);
    expect(refusal(() => planPost({ kind: 'post', slug: 'x', title: '点击 "安装" 按钮' }, existing, '2026-11-24'))).toMatch(
      /通不过内容检查，请修改标题：\n {2}content\/blog\/2026-11-24-x\/index.mdx:3:8 frontmatter title：引号/,
    );
    expect(refusal(() => planPost({ kind: 'post', slug: 'x', title: '  ' }, existing, '2026-11-24'))).toBe('标题不能为空');
  });
});

describe('a new doc', () => {
  it('goes to content/docs/<path>.mdx after the last doc of its sidebar folder', () => {
    const plan = planDoc({ kind: 'doc', path: 'desktop/wing/FAQ', title: '常见问题' }, existing);
    expect(plan.file).toBe('content/docs/desktop/wing/FAQ.mdx');
    expect(plan.text.split('\n').slice(0, 5)).toEqual(['---', 'title: 常见问题', 'sidebar_position: 3', 'description: 常见问题', '---']);
  });

  it('sets the title by the typography rules, and says so', () => {
    const plan = planDoc({ kind: 'doc', path: 'desktop/wing/FAQ', title: '安装Wing的常见问题' }, existing);
    expect(plan.text).toContain('title: 安装 Wing 的常见问题\n');
    expect(plan.notes[0]).toBe('标题按排版规则写成了“安装 Wing 的常见问题”（见 content/README.md 的“排版”）');
  });

  it('counts only docs shown in the sidebar, and starts a new folder at 1', () => {
    expect(planDoc({ kind: 'doc', path: 'mobile/konker/faq', title: '问答' }, existing).text).toContain('sidebar_position: 3\n');
    expect(planDoc({ kind: 'doc', path: 'services/newtool/Introduce', title: '简介' }, existing).text).toContain('sidebar_position: 1\n');
    expect(planDoc({ kind: 'doc', path: 'faq', title: '问答' }, existing).text).toContain('sidebar_position: 2\n');
  });

  it('accepts the path as a URL or file path too, spaces kept', () => {
    expect(planDoc({ kind: 'doc', path: '/docs/desktop/wing/Quick start', title: '快速上手' }, existing).file).toBe('content/docs/desktop/wing/Quick start.mdx');
    expect(planDoc({ kind: 'doc', path: 'content/docs/desktop/wing/x.mdx', title: '某页' }, existing).file).toBe('content/docs/desktop/wing/x.mdx');
  });

  it('refuses an existing path (letter case aside) and paths outside content/docs', () => {
    expect(refusal(() => planDoc({ kind: 'doc', path: 'desktop/wing/get start', title: '开始' }, existing))).toBe(
      '已有文档 /docs/desktop/wing/Get start（content/docs/desktop/wing/Get start.mdx 或其 index.mdx），请换一个路径',
    );
    expect(refusal(() => planDoc({ kind: 'doc', path: 'desktop/../../x', title: '某页' }, existing))).toMatch(/文档路径不对/);
    expect(refusal(() => planDoc({ kind: 'doc', path: 'desktop/ wing/x', title: '某页' }, existing))).toMatch(/不能以空格开头或结尾/);
    expect(refusal(() => planDoc({ kind: 'doc', path: 'desktop/wing/a#b', title: '某页' }, existing))).toMatch(/不能含有 # \? %/);
  });
});

describe('npm run new on a copy of the real content', () => {
  const ROOT = path.resolve(__dirname, '../..');
  let dir: string;
  const run = (script: string, args: string[]) => spawnScript([path.join(ROOT, 'scripts', script), '--root', dir, ...args], { cwd: ROOT, encoding: 'utf8' });

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'scaffold-'));
    cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a draft post that passes npm run check:content and a doc that asks for its text, and refuses to write them again', () => {
    const post = run('new-content.mts', ['post', 'scaffolded-post', '脚手架写的文章']);
    expect(post.stderr).toBe('');
    const file = /已创建 (\S+)/.exec(post.stdout)?.[1] ?? '';
    expect(file).toMatch(/^content\/blog\/\d{4}-\d{2}-\d{2}-scaffolded-post\/index\.mdx$/);
    const doc = run('new-content.mts', ['doc', 'desktop/wing/FAQ', '常见问题']);
    expect(doc.stdout).toContain('已创建 content/docs/desktop/wing/FAQ.mdx');

    expect(doc.stdout).toContain('写好至少一段中文正文');

    // Checked as editors check one file: these two (the orphan rule still sees every page). The
    // draft passes; the doc, published as soon as it is written, wants its paragraph of Chinese first.
    const check = run('check-content.mts', [path.join(dir, file), path.join(dir, 'content/docs/desktop/wing/FAQ.mdx')]);
    expect(check.status).toBe(1);
    expect(
      check.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('content/')),
    ).toEqual(['content/docs/desktop/wing/FAQ.mdx:6:1 正文里至少要有一段中文（20 个汉字以上）']);
    appendFileSync(path.join(dir, 'content/docs/desktop/wing/FAQ.mdx'), '这一页收集使用 Wing 时最常被问到的问题，答案都很短，细节请看各自链接的页面。\n');
    const completed = run('check-content.mts', [path.join(dir, file), path.join(dir, 'content/docs/desktop/wing/FAQ.mdx')]);
    expect(completed.stderr).toBe('');
    expect(completed.status).toBe(0);
    expect(completed.stdout).toContain('检查了 2 个文件');

    const written = readFileSync(path.join(dir, file), 'utf8');
    const again = run('new-content.mts', ['post', 'Scaffolded-Post', '另一篇']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('没有创建文件：博客里已有 slug 为“scaffolded-post”的文章');
    expect(readFileSync(path.join(dir, file), 'utf8')).toBe(written);
    const docAgain = run('new-content.mts', ['doc', 'desktop/wing/faq', '重复']);
    expect(docAgain.status).toBe(1);
    expect(docAgain.stderr).toContain('已有文档 /docs/desktop/wing/FAQ');
    expect(existsSync(path.join(dir, 'content/docs/desktop/wing/faq.mdx'))).toBe(false);
  }, 120_000);
});
