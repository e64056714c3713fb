/**
 * Test helper (a script of its own, __tests__/support/script.ts: the renderer is ESM-only). For each content file of a fixture folder
 * (argv[2]), the message each code path stops with:
 *   build   — the Mdx.rendered resolver of `gatsby build` (gatsby/markdown/render-node.ts), given the
 *             body as gatsby-plugin-mdx makes it and a reporter that records panicOnBuild;
 *   develop — the search build `gatsby develop` runs in sourceNodes (gatsby/search/build.ts).
 * Prints { [file]: { build, develop } } as JSON. (check:content is run by the test itself.)
 *
 * With `--frontmatter` after the folder: what `gatsby build` does with the fixture's frontmatter —
 * each file's Mdx node as gatsby-plugin-mdx makes it (its onCreateNode's frontmatter reader), the
 * site's node validation (gatsby/content/gatsby-node.ts onCreateNode), then createPages
 * (gatsby/pages/gatsby-node.ts) with a reporter that records panicOnBuild; then again with the
 * nodes restored as Gatsby restores them from .cache (no onCreateNode). Prints { nodes:
 * { [file]: frontmatter }, panics: { created, restored } } as JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFrontmatter } from 'gatsby-plugin-mdx/dist/frontmatter.js';
import { renderMdxNode, type MdxSource } from '../../../gatsby/markdown/render-node';
import { planSearchPages, renderSearchSections } from '../../../gatsby/search/build';

const root = path.resolve(process.argv[2] as string);
if (process.argv[3] === '--frontmatter') await frontmatterBuild(root);
const results: Record<string, { build?: string; develop?: string }> = {};

for (const page of planSearchPages(root)) {
  const absolutePath = path.join(root, page.file);
  const relativePath = path.relative(path.join(root, 'content', 'docs'), absolutePath);
  const raw = readFileSync(absolutePath, 'utf8');
  const { body } = parseFrontmatter(absolutePath, raw) as { body: string };
  const fileNode = { id: 'file', sourceInstanceName: 'docs', relativePath, absolutePath };
  const panics: string[] = [];
  const reporter = { panicOnBuild: (message: string) => panics.push(message), warn() {}, info() {} };
  const node = { id: 'mdx', parent: 'file', body, internal: { type: 'Mdx' } } as unknown as MdxSource;
  const helpers = { getNode: () => fileNode, getNodesByType: () => [fileNode], reporter, cache: { get: async () => undefined, set: async () => undefined }, basePath: '', assetPrefix: '' };
  await renderMdxNode(node, helpers as never).catch(() => undefined);
  const develop = await renderSearchSections(page.file, page.body, page.firstLine).then(
    () => undefined,
    (error: Error) => error.message,
  );
  results[page.file] = { build: panics.join('\n') || undefined, develop };
}
process.stdout.write(JSON.stringify(results));

async function frontmatterBuild(root: string): Promise<never> {
  process.env.gatsby_executing_command = 'build';
  const { onCreateNode } = await import('../../../gatsby/content/gatsby-node');
  const { createPages } = await import('../../../gatsby/pages/gatsby-node');
  const nodes: Record<string, unknown> = {};
  /** One build: every node made; validated by onCreateNode, or (restored) as Gatsby restores cached nodes, without it. */
  async function build(restored: boolean): Promise<string[]> {
    const byId = new Map<string, { id: string; internal?: { type: string } }>();
    for (const source of ['blog', 'docs']) {
      const dir = path.join(root, 'content', source);
      for (const relativePath of (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.mdx'))) {
        const absolutePath = path.join(dir, relativePath);
        const fileNode = { id: `file:${restored}:${relativePath}`, sourceInstanceName: source, relativePath, relativeDirectory: path.dirname(relativePath).replace(/^\.$/, ''), absolutePath };
        const raw = readFileSync(absolutePath, 'utf8');
        const { body, frontmatter } = parseFrontmatter(absolutePath, raw) as { body: string; frontmatter: unknown };
        const node = { id: `mdx:${restored}:${relativePath}`, parent: fileNode.id, body, frontmatter, internal: { type: 'Mdx' } };
        byId.set(fileNode.id, fileNode).set(node.id, node);
        nodes[`content/${source}/${relativePath}`] = frontmatter;
        if (!restored) await onCreateNode!({ node, getNode: (id: string) => byId.get(id), actions: { createNodeField() {} } } as never, {} as never, () => undefined);
      }
    }
    const panics: string[] = [];
    const reporter = { panicOnBuild: (message: string) => panics.push(message), error() {}, warn() {}, info() {} };
    const noQuery = () => Promise.reject(new Error('createPages went on to query the content'));
    const getNodesByType = (type: string) => [...byId.values()].filter((n) => n.internal?.type === type);
    await createPages!({ graphql: noQuery, actions: { createNodeField() {} }, reporter, basePath: '', pathPrefix: '', getNode: (id: string) => byId.get(id), getNodesByType } as never, {} as never, () => undefined);
    return panics;
  }
  const created = await build(false);
  const restored = await build(true);
  process.stdout.write(JSON.stringify({ nodes, panics: { created, restored } }));
  process.exit(0);
}
