/**
 * Chinese typography (gatsby/content/typography.ts, on AutoCorrect): the problems check:content
 * reports (file line and column of the first difference) and what fix:content writes, in prose
 * only — code blocks, inline code, link addresses, JSX syntax, expressions, frontmatter keys and
 * non-prose frontmatter values stay exactly as written.
 */
import { findTypographyProblems, fixTypography } from '../../gatsby/content/typography';

const source = [
  '---',
  'title: 安装Wing',
  'slug: wing安装',
  'tags: [IT人生]',
  '---',
  '',
  '下载Wing 2.0之后,运行`wing安装`即可!',
  '',
  '```bash',
  'echo "代码里的abc不算,也不改"',
  '```',
  '',
  '见[文档abc](/docs/desktop/wing/Get%20start#安装abc)。',
  '',
  '<Callout type="tip" title="提示abc">',
  '正文abc中文。',
  '</Callout>',
  '',
  '{/* 注释里的abc不改 */}',
  '',
  '产品名-构建类型，Android 12：isAccessibilityTool，他说 “好” 。',
  '',
].join('\n');

describe('Chinese typography', () => {
  it('reports each problem at the first character that changes, with what to write', () => {
    const problems = findTypographyProblems(source).map((p) => `${p.line}:${p.column} ${p.message.slice(0, p.message.indexOf('（'))}`);
    expect(problems).toEqual([
      '2:10 排版：` 安装Win` 应为 ` 安装 Win`',
      '7:3 排版：`下载Wing 2.0之后,运行`` 应为 `下载 Wing 2.0 之后，运行``',
      '7:26 排版：``即可!` 应为 ``即可！`',
      '13:5 排版：`[文档abc` 应为 `[文档 abc`',
      '16:3 排版：`正文abc中文。` 应为 `正文 abc 中文。`',
      '21:43 排版：`，他说 “好”` 应为 `，他说“好”`',
    ]);
  });

  it('fixes prose only, leaving code, inline code, addresses, component syntax, comments, keys and slugs alone', () => {
    const fixed = fixTypography(source);
    expect(fixed.split('\n')).toEqual([
      '---',
      'title: 安装 Wing',
      'slug: wing安装',
      'tags: [IT人生]',
      '---',
      '',
      '下载 Wing 2.0 之后，运行`wing安装`即可！',
      '',
      '```bash',
      'echo "代码里的abc不算,也不改"',
      '```',
      '',
      '见[文档 abc](/docs/desktop/wing/Get%20start#安装abc)。',
      '',
      '<Callout type="tip" title="提示abc">',
      '正文 abc 中文。',
      '</Callout>',
      '',
      '{/* 注释里的abc不改 */}',
      '',
      // A name pattern keeps its dash, a Chinese heading-style colon stays full-width.
      '产品名-构建类型，Android 12：isAccessibilityTool，他说“好” 。',
      '',
    ]);
    // Fixed is clean (AutoCorrect leaves the space before 。 to the editor), and fixing again changes nothing.
    expect(findTypographyProblems(fixed)).toEqual([]);
    expect(fixTypography(fixed)).toBe(fixed);
  });
});
