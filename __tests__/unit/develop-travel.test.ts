import path from 'node:path';
import type { Node } from 'gatsby';
import { twinSourceOf } from '../../build/travel/develop-source';

describe('develop: a twin is rendered from the page’s own node, as the build’s TwinSources query gives it', () => {
  const nodes = new Map<string, Partial<Node> & Record<string, unknown>>([
    ['post', { id: 'post', parent: 'postFile', body: '正文', frontmatter: { image: './cover.png' } }],
    ['postFile', { id: 'postFile', absolutePath: '/site/content/blog/2023-10-10-binder/index.mdx' }],
    ['doc', { id: 'doc', parent: 'docFile', body: '文档', frontmatter: { image: './ignored.png' } }],
    ['docFile', { id: 'docFile', absolutePath: '/site/content/docs/desktop/wing/Get start.mdx' }],
  ]);
  const getNode = (id: string) => nodes.get(id) as Node | undefined;
  const site = {
    posts: [{ id: 'post', slug: 'binder', file: 'content/blog/2023-10-10-binder/index.mdx', title: 'Binder' }],
    docs: [{ id: 'doc', docId: 'desktop/wing/Get start', file: 'content/docs/desktop/wing/Get start.mdx', title: '开始使用' }],
  } as never;

  it('a post: its body, file and cover (relative to its folder)', () => {
    expect(twinSourceOf('/blog/binder', site, getNode)).toEqual({
      path: '/blog/binder',
      file: 'content/blog/2023-10-10-binder/index.mdx',
      absolutePath: '/site/content/blog/2023-10-10-binder/index.mdx',
      title: 'Binder',
      body: '正文',
      cover: path.resolve('/site/content/blog/2023-10-10-binder/cover.png'),
    });
  });

  it('a doc (no cover, even with an image in its frontmatter), by its decoded path', () => {
    expect(twinSourceOf('/docs/desktop/wing/Get start', site, getNode)).toMatchObject({ title: '开始使用', body: '文档', cover: undefined });
  });

  it('not a post or doc of this plan: no twin (Gatsby answers, 404)', () => {
    expect(twinSourceOf('/blog', site, getNode)).toBeNull();
    expect(twinSourceOf('/docs/nope', site, getNode)).toBeNull();
  });
});
