import { ContentError, assertUniqueSlugs, normalizeDate, parsePostFolder, validateDoc, validatePost } from '../../gatsby/content/model';
import { readFrontmatter } from '../../gatsby/content/frontmatter';
import { createSchemaCustomization, queryContent } from '../../gatsby/content/gatsby-node';

const goodPost = {
  slug: 'binder',
  title: '深入 Binder 拦截',
  date: '2023-10-10',
  tags: ['android', 'binder'],
  authors: ['tiony.bo'],
  description: '从 ioctl 层拦截 Binder 通信。',
};
const FILE = 'content/blog/2023-10-10-binder/index.mdx';

function errorOf(fn: () => unknown): ContentError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected a ContentError');
}

describe('validatePost', () => {
  it('accepts a complete post and fills optional flags', () => {
    expect(validatePost(goodPost, FILE, '2023-10-10-binder')).toEqual({ ...goodPost, image: undefined, unlisted: false, draft: false });
  });

  it('refuses a Date object: a YAML loader that makes one has already rolled 2023-02-30 over to 03-02', () => {
    const error = errorOf(() => validatePost({ ...goodPost, date: new Date(Date.UTC(2023, 1, 30)) }, FILE));
    expect([error.field, error.message]).toEqual(['date', expect.stringContaining('2023-03-02T00:00:00.000Z')]);
  });

  it.each(['slug', 'title', 'date', 'tags', 'authors', 'description'])('names the file and the missing field %s', (field) => {
    const raw: Record<string, unknown> = { ...goodPost };
    delete raw[field];
    const error = errorOf(() => validatePost(raw, FILE));
    expect(error.file).toBe(FILE);
    expect(error.field).toBe(field);
    expect(error.message).toContain(FILE);
    expect(error.message).toContain(field);
  });

  it('rejects a malformed or impossible date', () => {
    expect(errorOf(() => validatePost({ ...goodPost, date: '2023-13-01' }, FILE)).field).toBe('date');
    expect(errorOf(() => validatePost({ ...goodPost, date: '2023-02-30' }, FILE)).message).toContain('不是真实存在的日期');
    expect(errorOf(() => validatePost({ ...goodPost, date: 'yesterday' }, FILE)).field).toBe('date');
  });

  it('rejects wrong types', () => {
    expect(errorOf(() => validatePost({ ...goodPost, tags: 'android' }, FILE)).field).toBe('tags');
    expect(errorOf(() => validatePost({ ...goodPost, tags: [] }, FILE)).field).toBe('tags');
    expect(errorOf(() => validatePost({ ...goodPost, draft: 'yes' }, FILE)).field).toBe('draft');
    expect(errorOf(() => validatePost({ ...goodPost, slug: 'has space' }, FILE)).field).toBe('slug');
  });

  it('requires the folder name to match slug and date', () => {
    expect(errorOf(() => validatePost(goodPost, FILE, '2023-10-11-binder')).field).toBe('date');
    expect(errorOf(() => validatePost(goodPost, FILE, '2023-10-10-oneway')).field).toBe('slug');
    expect(errorOf(() => validatePost(goodPost, FILE, 'binder')).field).toBe('slug');
  });
});

describe('validateDoc', () => {
  const DOC = 'content/docs/desktop/wing/Get start.mdx';
  it('accepts title and sidebar_position', () => {
    expect(validateDoc({ title: '开始使用', sidebar_position: 2 }, DOC)).toEqual({
      title: '开始使用',
      sidebar_position: 2,
      sidebar_label: undefined,
      description: undefined,
      hide_sidebar: false,
      unlisted: false,
    });
  });
  it('takes sidebar_position as optional, as Docusaurus does (such docs go last in their sidebar)', () => {
    const faq = validateDoc({ title: '常见问题' }, DOC);
    expect([faq.title, faq.sidebar_position]).toEqual(['常见问题', undefined]);
    // The build validates Gatsby's nodes, whose schema gives an absent field as null.
    expect(validateDoc({ title: '常见问题', sidebar_position: null }, DOC).sidebar_position).toBeUndefined();
  });
  it('names the field that is missing or malformed', () => {
    expect(errorOf(() => validateDoc({ sidebar_position: 1 }, DOC)).field).toBe('title');
    expect(errorOf(() => validateDoc({ title: 'x', sidebar_position: 'first' }, DOC)).field).toBe('sidebar_position');
    expect(errorOf(() => validateDoc({ title: 'x', sidebar_position: 1, hide_sidebar: 1 }, DOC)).field).toBe('hide_sidebar');
  });
});

describe('errors name the line of the file', () => {
  const source = (lines: string) => readFrontmatter(`---\n${lines}\n---\n\n正文\n`);
  const post = 'slug: binder\ntitle: 深入 Binder 拦截\ndate: 2023-10-10\ntags:\n  - android\n  - 3\nauthors: [tiony.bo]\ndescription: 从 ioctl 层拦截。';

  it('the field’s value: file:line:column', () => {
    const { data, places } = source(post.replace('2023-10-10', '2023-02-30'));
    expect(errorOf(() => validatePost(data, FILE, undefined, places)).message).toBe(`内容错误 ${FILE}:4:7: 字段 "date" 不是真实存在的日期：2023-02-30`);
  });

  it('a list: the item’s line, and which item', () => {
    const { data, places } = source(post);
    const error = errorOf(() => validatePost(data, FILE, undefined, places));
    expect([error.field, error.place, error.message]).toEqual(['tags', { line: 7, column: 5 }, `内容错误 ${FILE}:7:5: 字段 "tags" 第 2 项必须是非空字符串`]);
  });

  it('a missing field: the frontmatter’s first line', () => {
    const { data, places } = source('sidebar_position: 2');
    expect(errorOf(() => validateDoc(data, 'd.mdx', places)).message).toBe('内容错误 d.mdx:1: 字段 "title" 缺失（必填）');
  });

  it('the folder’s slug and date: the frontmatter line that disagrees', () => {
    const { data, places } = source(post.replace('  - 3', '  - oneway'));
    expect(errorOf(() => validatePost(data, FILE, '2023-10-11-binder', places)).message).toBe(`内容错误 ${FILE}:4:7: 字段 "date" 与目录名中的日期 2023-10-11 不一致`);
  });
});

describe('helpers', () => {
  it('parses post folders', () => {
    expect(parsePostFolder('2024-11-05-code-collider')).toEqual({ date: '2024-11-05', slug: 'code-collider' });
    expect(parsePostFolder('code-collider')).toBeNull();
  });
  it('takes dates exactly as yyyy-mm-dd text', () => {
    expect(normalizeDate(' 2024-01-05 ', 'f')).toBe('2024-01-05');
    expect(normalizeDate('2024-02-29', 'f')).toBe('2024-02-29');
    expect(errorOf(() => normalizeDate('2023-02-29', 'f')).message).toBe('内容错误 f: 字段 "date" 不是真实存在的日期：2023-02-29');
    expect(errorOf(() => normalizeDate('2024-01-05T00:00:00.000Z', 'f')).message).toContain('必须是 yyyy-mm-dd 格式的日期');
  });
  it('finds duplicate slugs case-insensitively and names both files', () => {
    const error = errorOf(() =>
      assertUniqueSlugs([
        { slug: 'binder', file: 'a.mdx' },
        { slug: 'Binder', file: 'b.mdx' },
      ]),
    );
    expect(error.message).toContain('a.mdx');
    expect(error.file).toBe('b.mdx');
  });
});

describe('queryContent', () => {
  // Gatsby answers the content query in the order the files were read, which changes between builds.
  const post = (slug: string, date: string) => ({
    id: `post-${slug}`,
    frontmatter: { ...goodPost, slug, date },
    fields: { kind: 'post', docId: null, readingMinutes: 2 },
    parent: { sourceInstanceName: 'blog', relativePath: `${date}-${slug}/index.mdx`, relativeDirectory: `${date}-${slug}` },
  });
  const doc = (docId: string) => ({
    id: `doc-${docId}`,
    frontmatter: { title: docId, sidebar_position: 1 },
    fields: { kind: 'doc', docId, readingMinutes: 1 },
    parent: { sourceInstanceName: 'docs', relativePath: `${docId}.mdx`, relativeDirectory: docId.split('/').slice(0, -1).join('/') },
  });
  const nodes = [post('zeta', '2024-01-02'), doc('desktop/wing/Introduce'), post('alpha', '2024-03-04'), doc('desktop/cabin/Introduce'), post('mid', '2023-05-06')];
  const answer = (list: typeof nodes) => (async () => ({ data: { allMdx: { nodes: list } } })) as unknown as Parameters<typeof queryContent>[0];

  it('lists posts and docs by their file, whatever order Gatsby gives them in', async () => {
    const forward = await queryContent(answer(nodes));
    const backward = await queryContent(answer([...nodes].reverse()));
    expect(forward.posts.map((p) => p.file)).toEqual(['content/blog/2023-05-06-mid/index.mdx', 'content/blog/2024-01-02-zeta/index.mdx', 'content/blog/2024-03-04-alpha/index.mdx']);
    expect(forward.docs.map((d) => d.docId)).toEqual(['desktop/cabin/Introduce', 'desktop/wing/Introduce']);
    expect(backward).toEqual(forward);
  });
});

describe('createSchemaCustomization', () => {
  it('declares every type with thousands of nodes, Gatsby’s own too, so that Gatsby infers none of their fields', () => {
    let sdl = '';
    createSchemaCustomization!({ actions: { createTypes: (types: string) => (sdl += types) } } as unknown as Parameters<NonNullable<typeof createSchemaCustomization>>[0], { plugins: [] }, () => {});
    // Each `type Name [implements Node] @directive… {` of the SDL, with its directives.
    const declared = [...sdl.matchAll(/^\s*type (\w+)(?: implements \w+)?((?: @\w+)*) \{/gm)].map((m) => [m[1], (m[2] ?? '').split(' @').filter(Boolean)]);
    expect(Object.fromEntries(declared)).toEqual({ File: ['dontInfer'], Directory: ['dontInfer'], SitePage: ['dontInfer'], Mdx: ['dontInfer'], MdxFrontmatter: ['dontInfer'], MdxFields: ['dontInfer'] });
  });
});
