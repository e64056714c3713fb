/**
 * Test helper (a script of its own, __tests__/support/script.ts: the renderer is ESM-only). What `gatsby develop`'s error overlay
 * holds (Gatsby's own websocketManager, which sends it to the open tabs) as content files break
 * and are fixed, through the site's real hooks:
 *   - render: each content file of the fixture folders in argv (one mistake each) through the
 *     Mdx.rendered resolver (gatsby/markdown/render-node.ts), then the same file with a good body;
 *   - frontmatter: a doc whose frontmatter field is wrong (argv's last: a scratch folder) through
 *     gatsby-plugin-mdx's frontmatter reader and the node validation (gatsby/content/gatsby-node.ts
 *     onCreateNode), then fixed;
 *   - yaml: the same doc with a frontmatter that is not YAML, then fixed.
 * Prints { render: { broken, bodies, fixed }, frontmatter: { broken, fixed }, yaml: { node, broken,
 * fixed } } as JSON (bodies: what the resolver answered for each broken file; node: the broken
 * doc's Mdx node frontmatter).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseFrontmatter } from 'gatsby-plugin-mdx/dist/frontmatter.js';

process.env.gatsby_executing_command = 'develop';
const { onCreateNode } = await import('../../../gatsby/content/gatsby-node');
const { renderMdxNode } = await import('../../../gatsby/markdown/render-node');
const { websocketManager } = (await import('gatsby/dist/utils/websocket-manager.js')) as unknown as { websocketManager: { errors: Map<string, unknown> } };

const overlay = () => [...websocketManager.errors.values()];
const reporter = { panicOnBuild() {}, error() {}, warn() {}, info() {} };
const cache = { get: async () => undefined, set: async () => undefined };

const folders = process.argv.slice(2, -1).map((f) => path.resolve(f, 'content', 'docs'));
const scratch = path.resolve(process.argv.at(-1) as string);

async function render(absolutePath: string, body: string) {
  const fileNode = { id: `file:${absolutePath}`, sourceInstanceName: 'docs', relativePath: path.basename(absolutePath), absolutePath };
  const node = { id: `mdx:${absolutePath}`, parent: fileNode.id, body, internal: { type: 'Mdx' } };
  const helpers = { getNode: () => fileNode, getNodesByType: () => [fileNode], reporter, cache, basePath: '', assetPrefix: '' };
  return renderMdxNode(node as never, helpers as never).then(
    (rendered) => rendered.html,
    (error: Error) => `threw: ${error.message}`,
  );
}

const files = folders.flatMap((dir) => readdirSync(dir).map((name) => path.join(dir, name)));
const bodies: string[] = [];
for (const file of files) bodies.push(await render(file, (parseFrontmatter(file, readFileSync(file, 'utf8')) as { body: string }).body));
const renderBroken = overlay();
for (const file of files) await render(file, '\n正常的段落。\n');
const renderFixed = overlay();

const doc = path.join(scratch, 'wing.mdx');
/** The doc's Mdx node as gatsby-plugin-mdx makes it from the file (its frontmatter reader), validated by the site's hook. */
const validate = () => {
  const fileNode = { id: 'file', sourceInstanceName: 'docs', relativePath: 'wing.mdx', relativeDirectory: '', absolutePath: doc, internal: { type: 'File' } };
  const source = readFileSync(doc, 'utf8');
  const { body, frontmatter } = parseFrontmatter(source, source) as { body: string; frontmatter: unknown };
  const node = { id: 'mdx', parent: 'file', body, frontmatter, internal: { type: 'Mdx' } };
  onCreateNode!({ node, getNode: () => fileNode, actions: { createNodeField() {} } } as never, {} as never, () => undefined);
  return { frontmatter };
};
writeFileSync(doc, '---\ntitle: Wing\nsidebar_position: 一\n---\n\n正文\n');
validate();
const frontmatterBroken = overlay();
writeFileSync(doc, '---\ntitle: Wing\nsidebar_position: 1\n---\n\n正文\n');
validate();
const frontmatterFixed = overlay();

writeFileSync(doc, '---\ntitle: Wing\nsidebar_position: [oops\n---\n\n正文\n');
const yamlNode = validate();
const yamlBroken = overlay();
writeFileSync(doc, '---\ntitle: Wing\nsidebar_position: 1\n---\n\n正文\n');
validate();
const yamlFixed = overlay();

process.stdout.write(
  JSON.stringify({ render: { broken: renderBroken, bodies, fixed: renderFixed }, frontmatter: { broken: frontmatterBroken, fixed: frontmatterFixed }, yaml: { node: yamlNode, broken: yamlBroken, fixed: yamlFixed } }),
);
process.exit(0);
