import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Node } from 'gatsby';
import { markdownVersionSourceOf } from '../../gatsby/exports/develop-source';

describe('develop: a Markdown version is rendered from the page’s own node, as the build’s MarkdownVersionSources query gives it', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'develop-exports-'));
  const postFile = path.join(root, 'content/blog/2023-10-10-binder/index.mdx');
  const docFile = path.join(root, 'content/docs/desktop/wing/Get start.mdx');
  mkdirSync(path.dirname(postFile), { recursive: true });
  mkdirSync(path.dirname(docFile), { recursive: true });
  writeFileSync(postFile, '---\ntitle: Binder\ndate: 2023-10-10\n---\n正文');
  writeFileSync(docFile, '---\ntitle: 开始使用\n---\n\n文档');
  const nodes = new Map<string, Partial<Node> & Record<string, unknown>>([
    ['post', { id: 'post', parent: 'postFile', body: '正文', frontmatter: { image: './cover.png' } }],
    ['postFile', { id: 'postFile', absolutePath: postFile }],
    ['doc', { id: 'doc', parent: 'docFile', body: '文档', frontmatter: { image: './ignored.png' } }],
    ['docFile', { id: 'docFile', absolutePath: docFile }],
  ]);
  const getNode = (id: string) => nodes.get(id) as Node | undefined;
  const site = {
    posts: [{ id: 'post', slug: 'binder', file: 'content/blog/2023-10-10-binder/index.mdx', title: 'Binder' }],
    docs: [{ id: 'doc', docId: 'desktop/wing/Get start', file: 'content/docs/desktop/wing/Get start.mdx', title: '开始使用' }],
    lastUpdated: new Map([['/docs/desktop/wing/Get start', { date: '2024-05-01' }]]),
  } as never;

  it('a post: its body, the file’s line it starts on, file and cover (relative to its folder)', () => {
    expect(markdownVersionSourceOf('/blog/binder', site, getNode)).toEqual({
      path: '/blog/binder',
      file: 'content/blog/2023-10-10-binder/index.mdx',
      absolutePath: postFile,
      title: 'Binder',
      body: '正文',
      firstLine: 5,
      cover: path.join(root, 'content/blog/2023-10-10-binder/cover.png'),
      lastUpdated: undefined,
    });
  });

  it('a doc (no cover, even with an image in its frontmatter), by its decoded path, with its last-updated line', () => {
    expect(markdownVersionSourceOf('/docs/desktop/wing/Get start', site, getNode)).toMatchObject({ title: '开始使用', body: '文档', firstLine: 5, cover: undefined, lastUpdated: { date: '2024-05-01' } });
  });

  it('not a post or doc of this plan: no Markdown version (Gatsby answers, 404)', () => {
    expect(markdownVersionSourceOf('/blog', site, getNode)).toBeNull();
    expect(markdownVersionSourceOf('/docs/nope', site, getNode)).toBeNull();
  });
});
