/**
 * The one frontmatter reader (gatsby/content/frontmatter.ts): values as written, each field's place
 * in the file's own lines, YAML mistakes at file:line:column, and gatsby-plugin-mdx reading through
 * it (its Mdx nodes hold the same values, and a broken frontmatter no longer throws inside it).
 */
import { ContentError } from '../../gatsby/content/model';
import { FrontmatterSyntaxError, readContentFrontmatter, readFrontmatter } from '../../gatsby/content/frontmatter';

const FILE = 'content/docs/x.mdx';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('readFrontmatter', () => {
  it('keeps values as written: no Date, no YAML 1.1 booleans', () => {
    const { data, body } = readFrontmatter('---\ndate: 2024-02-30\nflag: yes\nn: 012\n---\n\n正文\n');
    expect(data).toEqual({ date: '2024-02-30', flag: 'yes', n: 12 });
    expect(body).toBe('\n正文\n');
  });

  it('places each field where its value is written, counting the file’s lines (comments, blocks, CRLF)', () => {
    const raw = '---\n# 注释\ntitle: 安装\ndescription: >-\n  两行\n  描述\ntags:\n  - a\nsidebar_position: 2\n---\n正文\n';
    expect(readFrontmatter(raw).places).toEqual({
      title: { line: 3, column: 8 },
      description: { line: 4, column: 14 },
      tags: { line: 8, column: 3 },
      'tags.0': { line: 8, column: 5 },
      sidebar_position: { line: 9, column: 19 },
    });
    expect(readFrontmatter(raw.replace(/\n/g, '\r\n')).places.sidebar_position).toEqual({ line: 9, column: 19 });
    expect(readFrontmatter('\uFEFF---\ntitle: 甲\n---\n').places.title).toEqual({ line: 2, column: 8 });
  });

  it('reports a YAML mistake where the parser stopped, in the file’s own lines', () => {
    const error = thrown(() => readFrontmatter('---\ntitle: 概览\nsidebar_position: [oops\n---\n\n正文\n'));
    expect(error).toBeInstanceOf(FrontmatterSyntaxError);
    expect((error as FrontmatterSyntaxError).place).toEqual({ line: 3, column: 19 });
    const nested = thrown(() => readFrontmatter('---\nslug: a\ntitle: 发布说明: 第一版\n---\n')) as FrontmatterSyntaxError;
    expect([nested.place, nested.reason]).toEqual([{ line: 3, column: 8 }, 'Nested mappings are not allowed in compact mappings']);
    const list = thrown(() => readFrontmatter('---\n- a\n- b\n---\n')) as FrontmatterSyntaxError;
    expect(list.place.line).toBe(2);
  });

  it('a bracket or quote left open: the value that opened it, not the line where the parser noticed', () => {
    const place = (raw: string) => (thrown(() => readFrontmatter(raw)) as FrontmatterSyntaxError).place;
    expect(place('---\ntitle: 概览\nsidebar_position: [oops\nsidebar_label: 概览\ndescription: 说明\n---\n')).toEqual({ line: 3, column: 19 });
    expect(place('---\ntitle: "概览\nsidebar_position: 1\n---\n')).toEqual({ line: 2, column: 8 });
    expect(place('---\ntitle: 概览\ntags:\n  - [a\n  - b\nauthors: [x]\n---\n')).toEqual({ line: 4, column: 3 });
  });

  it('as a content error: 内容错误 file:line:column', () => {
    const error = thrown(() => readContentFrontmatter('---\ntitle: 概览\nsidebar_position: [oops\n---\n', FILE));
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toBe(`内容错误 ${FILE}:3:19: frontmatter 不是合法的 YAML：Flow sequence in block collection must be sufficiently indented and end with a ]`);
  });
});

describe('gatsby-plugin-mdx reads frontmatter through it', () => {
  // The plugin's own reader (gray-matter with the default YAML engine), as its onCreateNode calls it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the plugin's internal module, loaded by path as the plugin does
  const { parseFrontmatter } = require('gatsby-plugin-mdx/dist/frontmatter') as { parseFrontmatter(key: string, source: string): { body: string; frontmatter: Record<string, unknown> } };

  it('its Mdx nodes hold the values the content model checks', () => {
    const source = '---\ndate: 2024-02-30\nflag: yes\ntags: [a, b]\n---\n\n正文\n';
    expect(parseFrontmatter('same-values', source)).toEqual({ body: '\n正文\n', frontmatter: readFrontmatter(source).data });
    expect(parseFrontmatter('same-values', source).frontmatter.date).toBe('2024-02-30');
  });

  it('a frontmatter that is not YAML gives the node an empty frontmatter instead of an exception', () => {
    expect(parseFrontmatter('broken', '---\ntitle: 概览\nsidebar_position: [oops\n---\n\n正文\n')).toEqual({ body: '\n正文\n', frontmatter: {} });
  });

  it('two files with the same frontmatter text do not share a values object', () => {
    const source = '---\ntitle: 甲\ntags: [a]\n---\n';
    const a = parseFrontmatter('copy-a', source).frontmatter;
    const b = parseFrontmatter('copy-b', source).frontmatter;
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b.tags).not.toBe(a.tags);
  });
});
