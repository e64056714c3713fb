/**
 * Content errors point at the line (docs/spec.md §11): every mistake the renderer finds names the
 * content file's own line and column, frontmatter counted, in one message that `npm run build`,
 * `npm run develop` and `npm run check:content` print word for word. The fixture
 * __tests__/fixtures/bad-lines has one mistake per file (import, unknown component, computed
 * expression, MDX syntax, unknown admonition, code-block meta), each below a twelve-line frontmatter.
 * The fixture __tests__/fixtures/bad-yaml has a frontmatter that is not YAML in a doc and a post: the
 * build, check:content (here) and develop's overlay (develop-errors.test.ts) name its line and column.
 */
import path from 'node:path';
import matter from 'gray-matter';
import { bodyFirstLine, ContentSyntaxError, contentErrorMessage, isContentSyntaxError, location, withFirstLine } from '../../gatsby/markdown/errors';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(__dirname, '../fixtures/bad-lines');

/** What each file of the fixture must say, at the line the mistake is on in the file. */
const EXPECTED: Record<string, string> = {
  'content/docs/import.mdx': 'content/docs/import.mdx:15:1 内容中不支持 import / export（组件由站点统一提供）',
  'content/docs/component.mdx': 'content/docs/component.mdx:17:1 未知的 MDX 组件 <Tab>',
  'content/docs/expression.mdx': 'content/docs/expression.mdx:15:4 表达式 {1 + 1} 需要 JavaScript',
  'content/docs/syntax.mdx': 'content/docs/syntax.mdx:15:1 MDX 语法错误：Expected a closing tag for `<div>`',
  'content/docs/admonition.mdx': 'content/docs/admonition.mdx:15:1 未知的提示框类型 :::hint',
  'content/docs/code.mdx': 'content/docs/code.mdx:15:1 代码块不认识 showLineNumber',
};

describe('where a body starts in its file', () => {
  it('counts the frontmatter the way gray-matter (and so gatsby-plugin-mdx) cuts it', () => {
    for (const raw of ['---\ntitle: 甲\n---\n\n正文\n', '---\ntitle: 甲\n---\n正文\n', '---\na: 1\nb: >-\n  两行\n  描述\n---\n\n\n正文\n', '没有 frontmatter\n']) {
      const body = matter(raw).content;
      const first = bodyFirstLine(raw, body);
      // The body's first line is that line of the file.
      expect([raw, raw.split('\n')[first - 1]]).toEqual([raw, body.split('\n')[0]]);
      expect(withFirstLine(body, first).split('\n').length).toBe(raw.split('\n').length);
    }
  });

  it('falls back to the frontmatter block when the body is not the end of the file (an edit in between)', () => {
    expect(bodyFirstLine('---\ntitle: 甲\n---\n\n新的正文\n', '旧的正文\n')).toBe(4);
    expect(bodyFirstLine('正文\n', '别的\n')).toBe(1);
  });
});

describe('the one message', () => {
  it('places a content mistake at file:line:column', () => {
    const error = new ContentSyntaxError('content/docs/x.mdx', { line: 7, column: 3 }, '原因');
    expect(error.message).toBe('content/docs/x.mdx:7:3 原因');
    expect(isContentSyntaxError(error)).toBe(true);
    expect(isContentSyntaxError(new Error('x'))).toBe(false);
    expect(location('a.mdx', { line: 2 })).toBe('a.mdx:2');
    expect(location('a.mdx', null)).toBe('a.mdx');
  });

  it("gives the MDX parser's complaints their position, from the text when the parser left it out", () => {
    expect(contentErrorMessage({ reason: 'Unexpected end of file in expression, expected a corresponding closing brace for `{`', line: 9, column: 4 }, 'a.mdx')).toMatch(
      /^a\.mdx:9:4 MDX 语法错误：Unexpected end of file .*（正文里的 \{ \} 会被当作表达式/,
    );
    expect(contentErrorMessage({ reason: 'Expected a closing tag for `<div>` (12:1-12:6)', line: null, column: null }, 'a.mdx')).toMatch(/^a\.mdx:12:1 MDX 语法错误：Expected a closing tag/);
    expect(contentErrorMessage(new Error('别的问题'), 'a.mdx')).toBe('a.mdx 别的问题');
  });
});

describe('every path reports the same line of the file (fixture bad-lines)', () => {
  let paths: Record<string, { build?: string; develop?: string }> = {};
  let check = '';

  beforeAll(() => {
    const run = spawnScript([path.join(__dirname, 'support/content-errors.mts'), FIXTURE], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    paths = JSON.parse(run.stdout);
    const checked = spawnScript([path.join(ROOT, 'scripts/check-content.mts'), '--root', FIXTURE], { cwd: ROOT, encoding: 'utf8' });
    expect(checked.status).toBe(1);
    check = checked.stderr;
  }, 120_000);

  it.each(Object.entries(EXPECTED))('%s', (file, expected) => {
    const { build, develop } = paths[file] ?? {};
    expect(build).toContain(expected);
    // One message, one position: the build's whole message is what develop and check:content say.
    expect(develop).toBe(build);
    expect(check.split('\n')).toContain(build);
  });
});

describe('a frontmatter that is not YAML stops every path at its line and column (fixture bad-yaml)', () => {
  /** One mistake per file, each where the parser stopped, counted in the file's own lines. */
  const YAML_EXPECTED: Record<string, string> = {
    'content/docs/intro.mdx': '内容错误 content/docs/intro.mdx:3:19: frontmatter 不是合法的 YAML：Flow sequence in block collection must be sufficiently indented and end with a ]',
    'content/blog/2024-01-01-typo/index.mdx': '内容错误 content/blog/2024-01-01-typo/index.mdx:3:8: frontmatter 不是合法的 YAML：Nested mappings are not allowed in compact mappings',
  };
  const BAD_YAML = path.join(__dirname, '../fixtures/bad-yaml');

  it('build: gatsby-plugin-mdx makes the node (no exception inside the plugin), the node validation names the place, createPages stops the build (a cached node too)', () => {
    const run = spawnScript([path.join(__dirname, 'support/content-errors.mts'), BAD_YAML, '--frontmatter'], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    const { nodes, panics } = JSON.parse(run.stdout) as { nodes: Record<string, unknown>; panics: { created: string[]; restored: string[] } };
    expect(nodes).toEqual(Object.fromEntries(Object.keys(YAML_EXPECTED).map((file) => [file, {}])));
    // Nodes made in this build, and nodes Gatsby restored from its cache without calling onCreateNode.
    for (const stop of [panics.created, panics.restored]) {
      expect(stop).toHaveLength(1);
      for (const message of Object.values(YAML_EXPECTED)) expect(stop[0]?.split('\n')).toContain(`  - ${message}`);
    }
  }, 120_000);

  it('check:content: exits 1 with the same messages', () => {
    const run = spawnScript([path.join(ROOT, 'scripts/check-content.mts'), '--root', BAD_YAML], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(1);
    for (const message of Object.values(YAML_EXPECTED)) expect(run.stderr.split('\n')).toContain(message);
  }, 120_000);
});
