/**
 * Test helper (run with tsx: the renderer is ESM-only). For each content file of a fixture folder
 * (argv[2]), the message each code path stops with:
 *   build   — the Mdx.rendered resolver of `gatsby build` (gatsby/markdown/render-node.ts), given the
 *             body as gatsby-plugin-mdx makes it and a reporter that records panicOnBuild;
 *   develop — the search build `gatsby develop` runs in sourceNodes (gatsby/search/build.ts).
 * Prints { [file]: { build, develop } } as JSON. (check:content is run by the test itself.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFrontmatter } from 'gatsby-plugin-mdx/dist/frontmatter.js';
import { renderMdxNode, type MdxSource } from '../../../gatsby/markdown/render-node';
import { planSearchPages, renderSearchSections } from '../../../gatsby/search/build';

const root = path.resolve(process.argv[2] as string);
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
