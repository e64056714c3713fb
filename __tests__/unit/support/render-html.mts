/**
 * Test helper (a script of its own, __tests__/support/script.ts: the unified chain is ESM-only, jest runs CommonJS). Reads
 * [{ source, imageHtml? }] as JSON on stdin and prints each case's rendered HTML (renderMdx), or
 * the error it stopped with. With `imageHtml`, every Markdown image is replaced by that raw HTML
 * first, as gatsby-remark-images does in the build.
 */
import { readFileSync } from 'node:fs';
import type { Root } from 'mdast';
import { renderMdx } from '../../../gatsby/markdown/render';

interface Case {
  source: string;
  imageHtml?: string;
}

/** Stands in for gatsby-remark-images: image nodes become its raw HTML. */
const asGatsbyImages = (html: string) => () => (tree: Root) => {
  const visit = (node: { type: string; value?: string; children?: unknown[] }) => {
    if (node.type === 'image') Object.assign(node, { type: 'html', value: html });
    for (const child of (node.children ?? []) as Array<typeof node>) visit(child);
  };
  visit(tree as never);
};

const cases = JSON.parse(readFileSync(0, 'utf8')) as Case[];
const results: Array<{ html?: string; error?: string }> = [];
for (const c of cases) {
  try {
    const rendered = await renderMdx(c.source, { file: 'content/docs/x.mdx', remarkPlugins: c.imageHtml ? [asGatsbyImages(c.imageHtml)] : [] });
    results.push({ html: rendered.html });
  } catch (error) {
    results.push({ error: error instanceof Error ? error.message : String(error) });
  }
}
process.stdout.write(JSON.stringify(results));
