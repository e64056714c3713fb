/**
 * Bad content fails loudly and names the file: each fixture under __tests__/fixtures is a
 * content/ tree with one defect, checked by the same script editors run (npm run check:content),
 * which uses the same validators and link checker as the build.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

function check(fixture: string): { status: number | null; output: string } {
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/check-content.mts'), '--root', path.join(__dirname, '../fixtures', fixture)], { encoding: 'utf8', cwd: root });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('bad content is reported with the file named', () => {
  it.each([
    ['bad-missing-title', 'content/blog/2024-01-01-ok/index.mdx', '"title" 缺失'],
    ['bad-date', 'content/blog/2024-02-30-bad-date/index.mdx', '字段 "date"'],
    ['bad-link', 'content/docs/intro.mdx', '/docs/desktop/wing/Nope'],
    ['bad-duplicate', 'content/blog/2024-01-02-same/index.mdx', '"same" 与 content/blog/2024-01-01-same/index.mdx 重复'],
    ['bad-image', 'content/docs/intro.mdx', './img/missing.png'],
    ['bad-mdx', 'content/docs/intro.mdx', 'MDX 语法错误'],
    ['bad-component', 'content/docs/intro.mdx:8', '未知的 MDX 组件 <Tabs>'],
    ['bad-relative-link', 'content/docs/desktop/wing/Introduce.mdx:10', '链接到其他页面请写以 / 开头的绝对路径（同一页内的标题写 #锚点）：Get%20start'],
    ['bad-quotes', 'content/docs/intro.mdx:8:3', '引号：中文正文用“”和‘’，不用 「'],
    ['bad-placeholder', 'content/docs/intro.mdx:9:11', '占位符：<仓库地址> 不是真实地址'],
    ['bad-orphan', 'content/blog/2024-01-03-alone/index.mdx:3:1', '孤立文章：没有其他文章或文档链接到 /blog/alone'],
    ['bad-later-link', 'content/blog/2024-01-01-early/index.mdx:10:27', '链接到更晚的文章：本文写于 2024-01-01，/blog/late 发表于 2024-06-01'],
    ['bad-commit-hash', 'content/docs/intro.mdx:6:10', '提交号：正文里的 6c64780 像是提交哈希'],
    ['bad-diagram', 'content/docs/intro.mdx:10：无法绘制的 Mermaid 图（时序图）', '第 5 行：无法识别“B-->>A 回复”'],
    ['bad-authors', 'content/authors.json', '字段 "tiony.bo.git" 必须是邮箱或 git 作者名的列表'],
  ])('%s', (fixture, file, message) => {
    const { status, output } = check(fixture);
    expect(status).toBe(1);
    expect(output).toContain(file);
    expect(output).toContain(message);
  });

  it('passes on the real content', () => {
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/check-content.mts')], { encoding: 'utf8', cwd: root });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
